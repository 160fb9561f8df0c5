import type { FieldPath, FieldValues, UseFormSetError } from 'react-hook-form';
import { errorMessage } from '../../lib/form-errors';
import type { ServerFieldError } from './api/server-outcome';

/**
 * The server's field errors (000 §5) on the form's fields, the first one focused. `map` renames a
 * server field to the form's (null: not a field of this form); returns whether any landed.
 */
export function applyFieldErrors<T extends FieldValues>(
  setError: UseFormSetError<T>,
  fieldErrors: readonly ServerFieldError[],
  map: (field: string) => FieldPath<T> | null,
): boolean {
  let landed = false;
  for (const error of fieldErrors) {
    const field = map(error.field);
    if (field === null) continue;
    setError(
      field,
      { type: 'server', message: errorMessage(error.defaultMessage, error.args) },
      { shouldFocus: !landed },
    );
    landed = true;
  }
  return landed;
}

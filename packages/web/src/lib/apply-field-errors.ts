import type { FieldPath, FieldValues, UseFormSetError } from 'react-hook-form';
import type { ServerFieldError } from './error-replies';
import { errorMessage } from './form-errors';

/**
 * The server's field errors (docs/interface-conventions.md#forms) on the form's fields, the first one focused. `map` renames a
 * server field to the form's (null: not a field of this form); returns whether any landed (an error
 * on a field the form does not show is the caller's to tell).
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

/** A `map` for `applyFieldErrors` when the server's field names are the form's: these ones. */
export function fieldsNamed<N extends string>(names: readonly N[]): (field: string) => N | null {
  return (field) => names.find((name) => name === field) ?? null;
}

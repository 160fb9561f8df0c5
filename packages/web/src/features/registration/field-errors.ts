import type { ServerFieldError } from '../../lib/error-replies';
import { errorMessage } from '../../lib/form-errors';
import { type DraftField, EMPTY_DRAFT } from './registration-form';

function isDraftField(field: string): field is DraftField {
  return Object.hasOwn(EMPTY_DRAFT, field);
}

/** The server's field errors (docs/interface-conventions.md#forms) that name a field of the form, as messages for `setError`. */
export function serverErrorsToFields(
  fieldErrors: readonly ServerFieldError[],
): { field: DraftField; message: string }[] {
  return fieldErrors.flatMap((entry) =>
    isDraftField(entry.field)
      ? [{ field: entry.field, message: errorMessage(entry.defaultMessage, entry.args) }]
      : [],
  );
}

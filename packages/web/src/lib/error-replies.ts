import { type ErrorReply, errorReply, type Message, messagesReply } from '@portail/contract/schemas/common';
import { type ApiError, isApiError } from './api-error';

/** One field error of a 400 (docs/interface-conventions.md#forms): the server's field name, an i18n key and its arguments. */
export interface ServerFieldError {
  field: string;
  defaultMessage: string;
  args?: string[] | undefined;
}

/** The standard error body (`status`, `error`, `message`, `fieldErrors`) of a failed call, if it is one. */
export function errorReplyOf(error: unknown): ErrorReply | null {
  if (!isApiError(error)) return null;
  const parsed = errorReply.safeParse(error.body);
  return parsed.success ? parsed.data : null;
}

/** Business messages (`ciemException.messages`) carried by a failed call's body. */
export function messagesOf(error: ApiError): Message[] {
  const parsed = messagesReply.safeParse(error.body);
  return parsed.success ? parsed.data.ciemException.messages : [];
}

/**
 * Field errors of a 400 (docs/interface-conventions.md#forms): field name to i18n key, for react-hook-form's `setError`
 * (`setError(field, { message: key })`, translated by the form fields).
 */
export function fieldErrorsOf(error: unknown): Record<string, string> {
  const fieldErrors = errorReplyOf(error)?.fieldErrors ?? [];
  return Object.fromEntries(fieldErrors.map((entry) => [entry.field, entry.defaultMessage]));
}

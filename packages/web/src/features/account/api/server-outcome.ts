import type { Message } from '@portail/contract/schemas/common';
import { isApiError } from '../../../lib/api-error';
import { errorReplyOf, messagesOf, type ServerFieldError } from '../../../lib/error-replies';
import { notify } from '../../../lib/notify';

/** How a save of this feature ended, for the form that sent it. */
export type SaveOutcome =
  | { kind: 'saved'; messages: Message[] }
  | { kind: 'invalid'; fieldErrors: ServerFieldError[]; messages: Message[] }
  | { kind: 'refused'; messages: Message[] }
  | { kind: 'failed' };

/**
 * A save's reply or failure as an outcome: field errors (400) go back to the fields, business refusals
 * (403, 409 with messages) above the form; anything else is told by a toast (docs/interface-conventions.md#server-messages).
 */
export async function saveOutcome(
  call: Promise<{ ciemException: { messages: Message[] } }>,
): Promise<SaveOutcome> {
  try {
    const reply = await call;
    return { kind: 'saved', messages: reply.ciemException.messages };
  } catch (error) {
    if (!isApiError(error)) throw error;
    const messages = messagesOf(error);
    if (error.status === 400) {
      const fieldErrors = errorReplyOf(error)?.fieldErrors ?? [];
      if (fieldErrors.length > 0) return { kind: 'invalid', fieldErrors, messages };
    }
    if (messages.length > 0 && error.status < 500) return { kind: 'refused', messages };
    // A status the call handled itself but that carried nothing to show: the generic text of it.
    if (!error.notified && error.status !== 401)
      notify(error.status === 400 ? 'form.error' : `http.${error.status}`, 'error');
    return { kind: 'failed' };
  }
}

import type { Message } from '@portail/contract/schemas/common';
import { type RegistrationResult, registrationResult } from '@portail/contract/schemas/registration';
import { isApiError } from '../../../lib/api-error';
import { errorReplyOf, messagesOf, type ServerFieldError } from '../../../lib/error-replies';
import { notify } from '../../../lib/notify';

/** How a step sent to the server ended. */
export type StepOutcome =
  | { kind: 'ok'; messages: Message[] }
  | { kind: 'refused'; messages: Message[] }
  | { kind: 'invalid'; fieldErrors: ServerFieldError[]; messages: Message[] }
  | { kind: 'failed' };

/** Statuses a step's call reads itself: field errors (400) and business refusals (409). */
export const STEP_HANDLED = [400, 409] as const;

/**
 * A step's reply (`ok` and the business messages) or failure as an outcome: a refusal may also come
 * as an error status carrying the same reply or the standard business error (409); anything else has
 * been told by a toast.
 */
export async function stepOutcome(call: Promise<RegistrationResult>): Promise<StepOutcome> {
  try {
    const reply = await call;
    return { kind: reply.ok ? 'ok' : 'refused', messages: reply.exception.messages };
  } catch (error) {
    if (!isApiError(error)) throw error;
    const asResult = registrationResult.safeParse(error.body);
    if (asResult.success) return { kind: 'refused', messages: asResult.data.exception.messages };
    const messages = messagesOf(error);
    const fieldErrors = errorReplyOf(error)?.fieldErrors ?? [];
    if (error.status === 400 && fieldErrors.length > 0) return { kind: 'invalid', fieldErrors, messages };
    if (messages.length > 0 && error.status < 500) return { kind: 'refused', messages };
    if (!error.notified) notify(error.status === 400 ? 'form.error' : 'errors.business', 'error');
    return { kind: 'failed' };
  }
}

import type { Message } from '@portail/contract/schemas/common';
import { isApiError } from '../../../lib/api-error';
import { messagesOf } from '../../../lib/error-replies';

/** What a participant operation ended with: done or refused, and the messages to show (docs/participants.md#api). */
export interface Outcome {
  done: boolean;
  messages: Message[];
}

/** The server refuses a business rule with 409 and `ciemException.messages` (docs/participants.md#edit). */
export const REFUSED = 409;

/** A refusal becomes an outcome; any other failure has been reported by the API client and rethrows. */
export async function outcomeOf(call: Promise<{ ciemException: { messages: Message[] } }>): Promise<Outcome> {
  try {
    const reply = await call;
    const messages = reply.ciemException.messages;
    return { done: !messages.some((message) => message.level === 'ERROR'), messages };
  } catch (error) {
    if (isApiError(error) && error.status === REFUSED) return { done: false, messages: messagesOf(error) };
    throw error;
  }
}

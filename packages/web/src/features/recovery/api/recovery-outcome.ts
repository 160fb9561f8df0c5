import type { Message } from '@portail/contract/schemas/common';
import { isApiError } from '../../../lib/api-error';
import { errorReplyOf, messagesOf, type ServerFieldError } from '../../../lib/error-replies';

/** Why a recovery call did not go through, as the screen shows it (above the form). */
export type RecoveryProblem =
  /** A business refusal (409): wrong answer, spent link... translated by errorCode. */
  | { kind: 'refused'; messages: Message[] }
  /** Too many tries (429): when the wait of its Retry-After ends (epoch ms), counted down on screen. */
  | { kind: 'throttled'; until: number }
  /** Anything else: an i18n key (`http.network`, `http.500`, ...). */
  | { kind: 'failed'; key: string };

export type RecoveryOutcome<T> =
  | { kind: 'ok'; data: T }
  /** Invalid input (400): the server's field errors. */
  | { kind: 'invalid'; fieldErrors: ServerFieldError[] }
  | RecoveryProblem;

const SECONDS_PER_MINUTE = 60;

/** Statuses with their own generic text in the catalogues (`http.<status>`). */
const TOLD = new Set([400, 401, 403, 404, 405, 409, 413, 415]);

function failureKey(status: number): string {
  if (status === 0) return 'http.network';
  if (status === 503) return 'http.503';
  if (status >= 500) return 'http.500';
  return TOLD.has(status) ? `http.${status}` : 'http.400';
}

/**
 * A recovery call's reply or failure as an outcome. These screens are open to anyone: every failure
 * is told on the screen itself, next to what the user typed, rather than by a passing toast.
 */
export async function recoveryOutcome<T>(call: Promise<T>): Promise<RecoveryOutcome<T>> {
  try {
    return { kind: 'ok', data: await call };
  } catch (error) {
    if (!isApiError(error)) throw error;
    if (error.status === 429) {
      const seconds = Math.max(1, error.retryAfter ?? SECONDS_PER_MINUTE);
      return { kind: 'throttled', until: Date.now() + seconds * 1000 };
    }
    if (error.status === 400) {
      const fieldErrors = errorReplyOf(error)?.fieldErrors ?? [];
      if (fieldErrors.length > 0) return { kind: 'invalid', fieldErrors };
    }
    const messages = messagesOf(error);
    if (messages.length > 0 && error.status < 500) return { kind: 'refused', messages };
    return { kind: 'failed', key: failureKey(error.status) };
  }
}

/** True when the refusal carries this business code. */
export function refusedWith(outcome: RecoveryOutcome<unknown>, code: string): boolean {
  return outcome.kind === 'refused' && outcome.messages.some((message) => message.errorCode === code);
}

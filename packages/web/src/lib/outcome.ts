import { type Message, messagesReply } from '@portail/contract/schemas/common';
import { isApiError } from './api-error';
import { errorReplyOf, messagesOf, type ServerFieldError } from './error-replies';
import { notify } from './notify';

/**
 * How a call that a screen handles itself ended (docs/interface-conventions.md#server-messages): the
 * one model every form and action of the web reads a server's answer through.
 * - `done`: the reply, and the business messages it carries (`ciemException.messages`);
 * - `invalid`: field errors of a 400, for the form's fields (lib/apply-field-errors.ts);
 * - `refused`: a business refusal, its messages (and the i18n key of the reply's `message`) above the form;
 * - `throttled`: too many tries (429), until when (epoch ms), on the public screens that count it down;
 * - `failed`: anything else, with the i18n key that tells it (already told by a toast on a signed-in screen).
 */
export type Outcome<T> =
  | { kind: 'done'; data: T; messages: Message[] }
  | { kind: 'invalid'; fieldErrors: ServerFieldError[]; messages: Message[] }
  | { kind: 'refused'; messages: Message[]; messageKey: string }
  | { kind: 'throttled'; until: number }
  | { kind: 'failed'; key: string };

/** An outcome that stops a step, as a screen shows it above its form. */
export type OutcomeProblem = Extract<Outcome<unknown>, { kind: 'refused' | 'throttled' | 'failed' }>;

/** What sets a call's outcomes apart from the common rule (each field says when it is needed). */
export interface OutcomeRules<T> {
  /**
   * Where a failure with nothing of its own to show is told: by a toast (`toast`, the default: signed-in
   * screens), or on the screen itself next to what was typed (`screen`: the public screens, where a
   * passing toast is easily missed), which also reads a 429 as `throttled`.
   */
  tell?: 'toast' | 'screen';
  /**
   * A 429 is `throttled`, for a wait of this many seconds when the reply's `Retry-After` does not say
   * (default: a minute on the screens that `tell` their failures, otherwise a failure like any other).
   */
  throttled?: number;
  /** The toast of such a failure when the feature's documentation names one (default: statusKey). */
  failureToast?: string | ((status: number) => string);
  /** The business messages of a reply (default: its `ciemException.messages`, when it has them). */
  messages?: (data: T) => Message[];
  /** A reply that is a refusal although the call succeeded (a step answered `ok: false`...). */
  refuses?: (data: T) => boolean;
  /** Error statuses that are refusals even without messages (a 403 with only its `message` key). */
  refusals?: readonly number[];
  /** Messages of an error body in the reply's own shape (a refused step's result), or null. */
  errorMessages?: (body: unknown) => Message[] | null;
}

const SECONDS_PER_MINUTE = 60;

/** True when the messages hold an ERROR (a write the server did not make). */
export const hasError = (messages: readonly Message[]) => messages.some((m) => m.level === 'ERROR');

/** Statuses with their own generic text in the catalogues (`http.<status>`). */
const TOLD = new Set([400, 401, 403, 404, 405, 409, 413, 415]);

/** The i18n key that tells a failed call with nothing else to show. */
export function statusKey(status: number): string {
  if (status === 0) return 'http.network';
  if (status === 503) return 'http.503';
  if (status >= 500) return 'http.500';
  return TOLD.has(status) ? `http.${status}` : 'http.400';
}

function messagesIn(data: unknown): Message[] {
  const parsed = messagesReply.safeParse(data);
  return parsed.success ? parsed.data.ciemException.messages : [];
}

/**
 * A call's reply or failure as an Outcome. An error that is not an API error (a bug) is thrown again;
 * a failure the API client has already told (`notified`), or the end of the session (401), gets no
 * second toast.
 */
export async function outcomeOf<T>(call: Promise<T>, rules: OutcomeRules<T> = {}): Promise<Outcome<T>> {
  let data: T;
  try {
    data = await call;
  } catch (error) {
    if (!isApiError(error)) throw error;
    const own = rules.errorMessages?.(error.body);
    if (own) return { kind: 'refused', messages: own, messageKey: statusKey(error.status) };
    const unsaidWait = rules.throttled ?? (rules.tell === 'screen' ? SECONDS_PER_MINUTE : null);
    if (unsaidWait !== null && error.status === 429) {
      const seconds = Math.max(1, error.retryAfter ?? unsaidWait);
      return { kind: 'throttled', until: Date.now() + seconds * 1000 };
    }
    const reply = errorReplyOf(error);
    const messages = messagesOf(error);
    const fieldErrors = reply?.fieldErrors ?? [];
    if (error.status === 400 && fieldErrors.length > 0) return { kind: 'invalid', fieldErrors, messages };
    if (error.status > 0 && error.status < 500) {
      if (messages.length > 0 || rules.refusals?.includes(error.status))
        return { kind: 'refused', messages, messageKey: reply?.message ?? statusKey(error.status) };
    }
    const key = statusKey(error.status);
    if (rules.tell !== 'screen' && !error.notified && error.status !== 401) {
      const toast = rules.failureToast;
      notify(
        typeof toast === 'function'
          ? toast(error.status)
          : (toast ?? (error.status === 400 ? 'form.error' : key)),
        'error',
      );
    }
    return { kind: 'failed', key };
  }
  const messages = rules.messages ? rules.messages(data) : messagesIn(data);
  if (rules.refuses?.(data)) return { kind: 'refused', messages, messageKey: 'errors.business' };
  return { kind: 'done', data, messages };
}

/** The status of a business refusal that carries `ciemException.messages` (docs/interface-conventions.md#server-messages). */
export const REFUSED = 409;

/**
 * A write that answers with its business messages and is refused by a 409 or by an ERROR message
 * among them (a participant's termination, a transfer's acceptance...).
 */
export const BUSINESS_WRITE: OutcomeRules<{ ciemException: { messages: Message[] } }> = {
  refuses: (reply) => hasError(reply.ciemException.messages),
  refusals: [REFUSED],
};

/** True when the outcome is a refusal carrying this business code. */
export function refusedWith(outcome: Outcome<unknown>, code: string): boolean {
  return outcome.kind === 'refused' && outcome.messages.some((message) => message.errorCode === code);
}

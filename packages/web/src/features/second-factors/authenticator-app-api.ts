import { authenticatorAppApi } from '@portail/contract/api/authenticator-app';
import { type ConfirmCodeReply, confirmCodeReply } from '@portail/contract/schemas/auth';
import type { Message } from '@portail/contract/schemas/common';
import { call } from '../../lib/api';
import { isApiError } from '../../lib/api-error';
import { errorReplyOf, messagesOf } from '../../lib/error-replies';
import { notify } from '../../lib/notify';
import { BUSINESS_WRITE, outcomeOf } from '../../lib/outcome';

/**
 * The authenticator app and its recovery codes (docs/second-factors.md#authenticator-app): the
 * "Sécurité" tab's enrolment, renewal and removal, and the sign-in's second step with an app code or
 * a recovery code.
 */

/** `POST user/facteurs/application/options`: a new secret, its URI and QR code. */
export function startAppEnrolment(motDePasse: string | undefined) {
  return outcomeOf(
    call(authenticatorAppApi.appOptions, {
      body: motDePasse === undefined ? {} : { motDePasse },
      handle: [400, 403, 409],
    }),
    { refusals: [403, 409] },
  );
}

/** `POST user/facteurs/application`: the app's first code; the ten recovery codes come back. */
export function confirmAppEnrolment(code: string) {
  return outcomeOf(call(authenticatorAppApi.appConfirm, { body: { code }, handle: [400, 403, 409] }), {
    refusals: [403, 409],
  });
}

/** `POST user/facteurs/secours`: ten new recovery codes. */
export function renewRecoveryCodes(motDePasse: string) {
  return outcomeOf(
    call(authenticatorAppApi.recoveryRenew, { body: { motDePasse }, handle: [400, 403, 409] }),
    {
      refusals: [403, 409],
    },
  );
}

/** `POST user/facteurs/application/suppression`: the app and its recovery codes go. */
export function removeApp(motDePasse: string) {
  return outcomeOf(call(authenticatorAppApi.appRemove, { body: { motDePasse }, handle: [400, 403, 409] }), {
    ...BUSINESS_WRITE,
    refusals: [403, 409],
  });
}

/**
 * A second step's reply from an error as well: a refusal carrying the reply's own shape, a wait
 * across the account's sessions (429), a format error or a method this account may not use, all as
 * messages for the code page (as the text-message code's `confirmCode` does).
 */
async function stepReply(
  send: () => Promise<ConfirmCodeReply>,
  formatKey: string,
): Promise<ConfirmCodeReply> {
  try {
    return await send();
  } catch (error) {
    if (!isApiError(error)) throw error;
    const reply = confirmCodeReply.safeParse(error.body);
    if (reply.success) return reply.data;
    const refused = (messages: Message[]): ConfirmCodeReply => ({ ok: false, ciemException: { messages } });
    if (error.status === 429) {
      const minutes = String(Math.max(1, Math.ceil((error.retryAfter ?? 60) / 60)));
      return refused([{ level: 'WARN', errorCode: 'code.tooManyAttempts', args: [minutes] }]);
    }
    const messages = messagesOf(error);
    if (messages.length > 0) return refused(messages);
    if (error.status === 400 && (errorReplyOf(error)?.fieldErrors ?? []).length > 0) {
      return refused([{ level: 'WARN', errorCode: formatKey }]);
    }
    if (!error.notified && error.status !== 401)
      notify(error.status === 403 ? 'http.403' : 'http.400', 'error');
    throw error;
  }
}

/** `POST oauth/doubleAuthentification/application`: an app code at the second step. */
export function sendAppCode(code: string) {
  return stepReply(
    () => call(authenticatorAppApi.appStep, { body: { code }, handle: [400, 409, 429] }),
    'facteurs.application.format',
  );
}

/** `POST oauth/doubleAuthentification/secours`: a recovery code at the second step. */
export function sendRecoveryCode(code: string) {
  return stepReply(
    () => call(authenticatorAppApi.recoveryStep, { body: { code }, handle: [400, 409, 429] }),
    'facteurs.secours.format',
  );
}

import { maskPhone } from '@portail/contract/rules/phone';
import type { Message } from '@portail/contract/schemas/common';
import { SECOND_FACTOR_MESSAGES } from '@portail/contract/schemas/second-factors';
import { eq } from 'drizzle-orm';
import type { Caller } from '../../auth/caller';
import { checkCode, issueCode, resendCode, sessionHasCode } from '../../auth/codes';
import { factorsOf, methodsFor, passSecondStep } from '../../auth/second-step';
import { revokeSession } from '../../auth/sessions';
import { users } from '../../db/schema';
import { audit } from '../../lib/audit';
import { BusinessError, errorMessage, tooManyRequests, warnMessage } from '../../lib/errors';
import { type AuthDeps, codeText } from './auth.service';
import { countCodeTry, countTextToAccount } from './sign-in-limits';

export interface ConfirmResult {
  ok: boolean;
  messages: Message[];
}

/**
 * Second step of a participant's sign-in (docs/sign-in-and-sessions.md#code-confirmation): three tries, then the session ends. Each try is
 * first counted against the account across its sessions (sign-in-limits.ts): past the bound it waits
 * (429 with Retry-After) without being evaluated; a right code clears the account's count.
 */
export async function confirmSignInCode(
  deps: AuthDeps,
  caller: Caller,
  code: string,
  ip: string,
): Promise<ConfirmResult> {
  const { db, config, metrics } = deps;
  if (caller.confirmed) return { ok: false, messages: [errorMessage('authConfirm.error.alreadyLogued')] };
  const account = await countCodeTry(db, config, caller.userId);
  if (!account.allowed) {
    metrics?.signIn('code_throttled');
    await audit(db, {
      actorUserId: caller.userId,
      action: 'CODE_THROTTLED',
      targetType: 'session',
      targetId: caller.sessionId,
      ip,
    });
    throw tooManyRequests(account.retryAfterS, 'authConfirm.error.tooManyCodes');
  }
  const outcome = await checkCode(db, caller.sessionId, code, config.codeSecret);
  metrics?.signIn(`code_${outcome.result}`);
  switch (outcome.result) {
    case 'ok':
      await passSecondStep(deps, caller, 'sms', ip);
      return { ok: true, messages: [] };
    case 'wrong':
      await audit(db, {
        actorUserId: caller.userId,
        action: 'CODE_FAILED',
        details: { attempt: outcome.attempt },
        ip,
      });
      return { ok: false, messages: [warnMessage(`tentative.${outcome.attempt}`)] };
    case 'exhausted':
      await revokeSession(db, deps.sessions, caller.sessionId, 'code_attempts');
      await audit(db, {
        actorUserId: caller.userId,
        action: 'CODE_LOCKED',
        targetType: 'session',
        targetId: caller.sessionId,
        ip,
      });
      return { ok: false, messages: [errorMessage('tentative.3')] };
    case 'expired':
      await revokeSession(db, deps.sessions, caller.sessionId, 'code_expired');
      return { ok: false, messages: [errorMessage('code.expired')] };
  }
}

/**
 * A new sign-in code by text message, or the first one for a holder of a passkey or an app who asks
 * for it (docs/second-factors.md#second-step): within the session's resend rules and the account's
 * hourly text limit. Refused (409) when the account may not use a text message at this step.
 */
export async function resendSignInCode(deps: AuthDeps, caller: Caller): Promise<{ tel: string }> {
  const { db, config } = deps;
  const [user] = await db.select().from(users).where(eq(users.id, caller.userId)).limit(1);
  if (caller.confirmed || !user) return { tel: '' };
  if (!methodsFor(user, await factorsOf(db, user)).includes('sms')) {
    throw new BusinessError([errorMessage(SECOND_FACTOR_MESSAGES.methodUnavailable)], 409);
  }
  const code = (await sessionHasCode(db, caller.sessionId))
    ? await nextCode(deps, caller)
    : await firstCode(deps, caller);
  if (user.mobile) {
    await deps.notifier.sms(user.mobile, codeText(code, user.englishOnly, config), {
      purpose: 'SIGN_IN_CODE',
      userId: user.id,
    });
  }
  return { tel: maskPhone(user.mobile) };
}

async function nextCode(deps: AuthDeps, caller: Caller): Promise<string> {
  const { db, config } = deps;
  const outcome = await resendCode(db, caller.sessionId, config.codeSecret, config.signInCodeTtlS, () =>
    countTextToAccount(db, config, caller.userId),
  );
  if (outcome.result === 'wait') throw tooManyRequests(outcome.retryAfterS);
  if (outcome.result === 'none') throw tooManyRequests(60);
  return outcome.code;
}

async function firstCode(deps: AuthDeps, caller: Caller): Promise<string> {
  const { db, config } = deps;
  const texts = await countTextToAccount(db, config, caller.userId);
  if (!texts.allowed) throw tooManyRequests(texts.retryAfterS);
  return issueCode(
    db,
    { userId: caller.userId, sessionId: caller.sessionId, purpose: 'SIGN_IN' },
    config.codeSecret,
    config.signInCodeTtlS,
  );
}

import { maskPhone } from '@portail/contract/rules/phone';
import type { Message } from '@portail/contract/schemas/common';
import { eq } from 'drizzle-orm';
import type { Caller } from '../../auth/caller';
import { checkCode, resendCode } from '../../auth/codes';
import { revokeSession } from '../../auth/sessions';
import { forget } from '../../auth/throttle';
import { sessions, users } from '../../db/schema';
import { audit } from '../../lib/audit';
import { errorMessage, tooManyRequests, warnMessage } from '../../lib/errors';
import { type AuthDeps, codeText } from './auth.service';
import { codeTriesKey, countCodeTry, countTextToAccount } from './sign-in-limits';

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
      await db
        .update(sessions)
        .set({ secondFactorConfirmedAt: new Date() })
        .where(eq(sessions.id, caller.sessionId));
      await forget(db, codeTriesKey(caller.userId));
      await deps.sessions.sessionChanged(db, caller.sessionId);
      await audit(db, {
        actorUserId: caller.userId,
        action: 'SIGN_IN_CONFIRMED',
        targetType: 'session',
        targetId: caller.sessionId,
        ip,
      });
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

export async function resendSignInCode(deps: AuthDeps, caller: Caller): Promise<{ tel: string }> {
  const { db, config } = deps;
  const [user] = await db.select().from(users).where(eq(users.id, caller.userId)).limit(1);
  if (caller.confirmed || !user) return { tel: '' };
  const outcome = await resendCode(db, caller.sessionId, config.codeSecret, config.signInCodeTtlS, () =>
    countTextToAccount(db, config, caller.userId),
  );
  if (outcome.result === 'wait') throw tooManyRequests(outcome.retryAfterS);
  if (outcome.result === 'none') throw tooManyRequests(60);
  if (user.mobile) {
    await deps.notifier.sms(user.mobile, codeText(outcome.code, user.englishOnly, config), {
      purpose: 'SIGN_IN_CODE',
      userId: user.id,
    });
  }
  return { tel: maskPhone(user.mobile) };
}

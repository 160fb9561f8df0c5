import { MAX_PASSWORD_ATTEMPTS } from '@portail/contract/constants';
import { maskPhone } from '@portail/contract/rules/phone';
import { parseUsername } from '@portail/contract/rules/username';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { issueCode } from '../../auth/codes';
import {
  attemptKey,
  clearAttempts,
  lockAccount,
  lockHolds,
  refundAttempt,
  reserveAttempt,
} from '../../auth/lockout';
import { hashQueueFull, verifyPassword } from '../../auth/passwords';
import { factorsOf, methodsFor, secondStepRequired, textAtSignIn } from '../../auth/second-step';
import { createSession } from '../../auth/sessions';
import type { Config } from '../../config';
import type { DbOrTx } from '../../db/client';
import { users } from '../../db/schema';
import { audit } from '../../lib/audit';
import { QueueFullError } from '../../lib/concurrency';
import { type AuthDeps, codeText, type GrantResult, invalidGrant, rolesOf, tokensFor } from './auth.service';
import { countSignInFromAddress, countTextToAccount } from './sign-in-limits';

/** A grant refused for now, with the seconds to wait: the OAuth error shape, status 429 or 503. */
export const unavailable = (status: 429 | 503, description: string, retryAfterS: number): GrantResult => ({
  ok: false,
  status,
  retryAfterS,
  error: { error: 'temporarily_unavailable', error_description: description },
});

const BUSY_RETRY_AFTER_S = new QueueFullError().retryAfterS;

/**
 * Password grant (docs/sign-in-and-sessions.md#wrong-passwords-and-lock, docs/sign-in-and-sessions.md#login-messages): three wrong passwords lock the account. Each attempt is reserved
 * before the password is checked (auth/lockout.ts), and an unknown identifier goes through the same
 * counter and the same hash verification, so its answers and timing match a wrong password's.
 * Before any of it, the client address is counted (429 past its limit) and the hashing queue looked
 * at (503 when full): neither refusal spends the account's attempt.
 */
export async function passwordGrant(
  deps: AuthDeps,
  username: string,
  password: string,
  ip: string,
  /** The browser the request came from (lib/browser.ts), for the audit trail and the session. */
  browser: string | null = null,
): Promise<GrantResult> {
  const { db, config, metrics } = deps;
  const fromAddress = await countSignInFromAddress(db, config, ip);
  if (!fromAddress.allowed) {
    metrics?.signIn('throttled');
    return unavailable(429, 'login.throttled', fromAddress.retryAfterS);
  }
  if (hashQueueFull()) {
    metrics?.signIn('busy');
    return unavailable(503, 'login.busy', BUSY_RETRY_AFTER_S);
  }
  const parsed = parseUsername(username);
  const key = parsed ? attemptKey(parsed.kind, parsed.identifier) : `?:${username.toLowerCase()}`;
  const attempt = await reserveAttempt(db, key, config.lockDurationS);
  const kinds = parsed?.kind === 'C' ? (['CORRESPONDANT'] as const) : (['PARTICIPANT', 'STAFF'] as const);
  const [user] = parsed
    ? await db
        .select()
        .from(users)
        .where(and(inArray(users.kind, [...kinds]), eq(users.login, parsed.identifier)))
        .orderBy(asc(users.id))
        .limit(1)
    : [];
  if (attempt > MAX_PASSWORD_ATTEMPTS || lockHolds(user?.lockedAt ?? null, config.lockDurationS)) {
    await audit(db, {
      actorUserId: user?.id ?? null,
      action: 'SIGN_IN_REFUSED_LOCKED',
      details: { key },
      ip,
    });
    metrics?.signIn('locked');
    return invalidGrant('user.locked');
  }
  let valid: boolean;
  try {
    valid = await verifyPassword(user?.passwordHash, password);
  } catch (error) {
    // The queue filled between the look and the turn: the password was not checked, the try is not spent.
    if (!(error instanceof QueueFullError)) throw error;
    await refundAttempt(db, key);
    metrics?.signIn('busy');
    return unavailable(503, 'login.busy', error.retryAfterS);
  }
  if (!user || !valid || !user.active) {
    metrics?.signIn(!user ? 'unknown' : !valid ? 'wrong_password' : 'inactive');
    if (attempt === MAX_PASSWORD_ATTEMPTS && user) {
      await lockAccount(db, deps.sessions, user.id, ip);
      metrics?.accountLocked();
    } else {
      await audit(db, {
        actorUserId: user?.id ?? null,
        action: attempt === MAX_PASSWORD_ATTEMPTS ? 'ACCOUNT_LOCKED' : 'SIGN_IN_FAILED',
        details: { key, attempt, ...(browser ? { browser } : {}) },
        ip,
      });
    }
    return invalidGrant(`tentative.${attempt}`);
  }
  await clearAttempts(db, key);
  return openSession(deps, user, ip, browser);
}

type Account = typeof users.$inferSelect;

/**
 * What every sign-in writes, in the caller's transaction, whatever proved who signs in (a password, a
 * passkey alone): the session, the account's last and previous sign-in (a lock that ran out is
 * cleared), and `SIGN_IN` in the audit trail with the browser and, when not a password, the method.
 */
export async function recordSignIn(
  tx: DbOrTx,
  config: Config,
  user: Pick<Account, 'id' | 'lastLoginAt'>,
  secondFactor: boolean,
  origin: { ip: string; browser: string | null; method?: 'passkey' },
): Promise<{ sessionId: string; refreshToken: string }> {
  const { ip, browser, method } = origin;
  const created = await createSession(tx, user.id, secondFactor, config, { ip, browser });
  await tx
    .update(users)
    .set({ previousLoginAt: user.lastLoginAt, lastLoginAt: new Date(), lockedAt: null })
    .where(eq(users.id, user.id));
  const details = { ...(browser ? { browser } : {}), ...(method ? { method } : {}) };
  await audit(tx, {
    actorUserId: user.id,
    action: 'SIGN_IN',
    targetType: 'session',
    targetId: created.sessionId,
    ...(Object.keys(details).length > 0 ? { details } : {}),
    ip,
  });
  return created;
}

/**
 * The right password: a session, with a second step when the account needs one (docs/second-factors.md:
 * participants and the centre's staff always, correspondants by the centre's policy or their own
 * enrolment). A code goes by text message, within the account's limit, when it is the only way through;
 * a holder of a passkey or an app is asked for it and may ask for a text from the code screen.
 */
async function openSession(
  deps: AuthDeps,
  user: Account,
  ip: string,
  browser: string | null,
): Promise<GrantResult> {
  const { db, config } = deps;
  const factors = await factorsOf(db, user);
  const secondFactor = secondStepRequired(user, factors, config);
  const text = secondFactor && textAtSignIn(methodsFor(user, factors));
  if (text) {
    const texts = await countTextToAccount(db, config, user.id);
    if (!texts.allowed) {
      await audit(db, { actorUserId: user.id, action: 'SIGN_IN_REFUSED_TEXTS', ip });
      deps.metrics?.signIn('too_many_texts');
      return unavailable(429, 'login.tooManyTexts', texts.retryAfterS);
    }
  }
  const { sessionId, refreshToken, code } = await db.transaction(async (tx) => {
    const created = await recordSignIn(tx, config, user, secondFactor, { ip, browser });
    const sent = text
      ? await issueCode(
          tx,
          { userId: user.id, sessionId: created.sessionId, purpose: 'SIGN_IN' },
          config.codeSecret,
          config.signInCodeTtlS,
        )
      : null;
    return { ...created, code: sent };
  });
  if (code && user.mobile) {
    await deps.notifier.sms(user.mobile, codeText(code, user.englishOnly, config), {
      purpose: 'SIGN_IN_CODE',
      userId: user.id,
    });
  }
  const tokens = await tokensFor(deps, user.id, rolesOf(user), sessionId, refreshToken);
  deps.metrics?.signIn('success');
  return {
    ok: true,
    reply: { ...tokens, tel: text ? maskPhone(user.mobile) : '', confirmationRequise: secondFactor },
  };
}

import { MAX_CODE_ATTEMPTS } from '@portail/contract/constants';
import type { Message } from '@portail/contract/schemas/common';
import type { SecondStepMethod } from '@portail/contract/schemas/second-factors';
import { and, count, eq, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import type { Config } from '../config';
import type { Db, DbOrTx } from '../db/client';
import { authenticatorApps, passkeys, recoveryCodes, sessions } from '../db/schema';
import { audit } from '../lib/audit';
import { errorMessage, tooManyRequests, warnMessage } from '../lib/errors';
import type { Caller } from './caller';
import type { SessionEvents } from './session-events';
import { revokeSession } from './sessions';
import { forget, hit } from './throttle';

/**
 * The second step of a sign-in (docs/second-factors.md): which factors an account holds, whether its
 * sign-in needs a second step, which methods pass it, and the shared bookkeeping of a pass or a
 * failure, whatever the method: the session's three tries, the account's tries across its sessions,
 * the audit trail.
 */

export interface Factors {
  /** Passkeys enrolled. */
  passkeys: number;
  /** A confirmed authenticator app. */
  app: boolean;
  /** Unused recovery codes. */
  recoveryLeft: number;
  /** The holder turned the text-message code off (only while a passkey or an app is enrolled). */
  smsOff: boolean;
}

export interface SecondStepAccount {
  id: number;
  kind: 'PARTICIPANT' | 'CORRESPONDANT' | 'STAFF';
  mobile: string | null;
  smsCodeOff: boolean;
}

/** What the account holds: one query per kind of factor, each an index lookup. */
export async function factorsOf(
  db: DbOrTx,
  account: Pick<SecondStepAccount, 'id' | 'smsCodeOff'>,
): Promise<Factors> {
  const [keys] = await db.select({ n: count() }).from(passkeys).where(eq(passkeys.userId, account.id));
  const [app] = await db
    .select({ userId: authenticatorApps.userId })
    .from(authenticatorApps)
    .where(and(eq(authenticatorApps.userId, account.id), isNotNull(authenticatorApps.confirmedAt)))
    .limit(1);
  const [left] = await db
    .select({ n: count() })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, account.id), isNull(recoveryCodes.usedAt)));
  const strong = (keys?.n ?? 0) > 0 || app !== undefined;
  return {
    passkeys: keys?.n ?? 0,
    app: app !== undefined,
    recoveryLeft: left?.n ?? 0,
    smsOff: account.smsCodeOff && strong,
  };
}

/** A passkey or an authenticator app: a factor stronger than a text message. */
export const hasStrongFactor = (factors: Factors) => factors.passkeys > 0 || factors.app;

/**
 * Whether a password sign-in needs a second step: always for participants and the centre's staff
 * (the specification's text-message code, issue 20); for a correspondant when the centre requires it
 * (CORRESPONDANT_SECOND_FACTOR) or when they enrolled a factor themselves.
 */
export function secondStepRequired(
  account: Pick<SecondStepAccount, 'kind'>,
  factors: Factors,
  config: Pick<Config, 'correspondantSecondFactor'>,
): boolean {
  if (account.kind !== 'CORRESPONDANT') return true;
  return config.correspondantSecondFactor === 'required' || hasStrongFactor(factors);
}

/**
 * The methods that pass the second step, strongest first: a passkey, an app code, a recovery code
 * (with the app they come with), and a text message to the mobile on file unless the holder turned
 * it off. Empty for a correspondant the policy requires a factor of who holds none and has no mobile:
 * they enrol one before anything else (`enrolmentRequired`).
 */
export function methodsFor(account: Pick<SecondStepAccount, 'mobile'>, factors: Factors): SecondStepMethod[] {
  return [
    ...(factors.passkeys > 0 ? (['cle'] as const) : []),
    ...(factors.app ? (['application'] as const) : []),
    ...(factors.recoveryLeft > 0 ? (['secours'] as const) : []),
    ...(account.mobile && !factors.smsOff ? (['sms'] as const) : []),
  ];
}

/**
 * Whether a text message goes out with the password step: when it is the only way through. A holder
 * with a passkey or an app is asked for it, and asks for a text only if they need one (fewer texts,
 * and no code to phish from a holder who has better).
 */
export const textAtSignIn = (methods: SecondStepMethod[]) =>
  methods.includes('sms') && !methods.includes('cle') && !methods.includes('application');

/**
 * How a session passed its second step, as recorded on the session and in the audit trail;
 * `passkeySignIn`: the session was opened by a passkey alone (no password), confirmed from the start.
 */
export type PassMethod = 'sms' | 'passkey' | 'app' | 'recovery' | 'enrolment' | 'passkeySignIn';

export interface SecondStepDeps {
  db: Db;
  config: Config;
  sessions: SessionEvents;
}

/** Codes tried per account across its sessions, whatever the method (docs/second-factors.md#second-step). */
export const CODE_WINDOW_S = 15 * 60;
export const codeTriesKey = (userId: number) => `code:user:${userId}`;

/** A try the session may make (its number, 1 to 3), or the session has spent its three (it is now ended). */
export type StepTry = { ok: true; attempt: number } | { ok: false; outcome: StepOutcome };

/**
 * Counts one try of a code (app, recovery) before it is evaluated: first against the account across
 * its sessions (past CODE_ACCOUNT_LIMIT in 15 minutes, 429 with Retry-After, not evaluated), then
 * against the session's three, in one statement, so that concurrent guesses on one session get three
 * evaluations at most. A session past its three is ended and told `tentative.3`.
 */
export async function countSecondStepTry(deps: SecondStepDeps, caller: Caller, ip: string): Promise<StepTry> {
  const outcome = await hit(deps.db, codeTriesKey(caller.userId), {
    limit: deps.config.codeAccountLimit,
    windowS: CODE_WINDOW_S,
  });
  if (!outcome.allowed) {
    await audit(deps.db, {
      actorUserId: caller.userId,
      action: 'CODE_THROTTLED',
      targetType: 'session',
      targetId: caller.sessionId,
      ip,
    });
    throw tooManyRequests(outcome.retryAfterS, 'authConfirm.error.tooManyCodes');
  }
  const [reserved] = await deps.db
    .update(sessions)
    .set({ secondStepFailures: sql`${sessions.secondStepFailures} + 1` })
    .where(and(eq(sessions.id, caller.sessionId), lt(sessions.secondStepFailures, MAX_CODE_ATTEMPTS)))
    .returning({ attempt: sessions.secondStepFailures });
  if (reserved) return { ok: true, attempt: reserved.attempt };
  await revokeSession(deps.db, deps.sessions, caller.sessionId, 'code_attempts');
  return { ok: false, outcome: { ok: false, messages: [errorMessage('tentative.3')] } };
}

/**
 * The session passed its second step: it is confirmed (every instance reads it again), the account's
 * count of tries starts over, and the audit trail says how (`SIGN_IN_CONFIRMED`, `details.method`).
 */
export async function passSecondStep(
  deps: SecondStepDeps,
  caller: Pick<Caller, 'userId' | 'sessionId'>,
  method: PassMethod,
  ip: string,
  db: DbOrTx = deps.db,
): Promise<void> {
  await db
    .update(sessions)
    .set({ secondFactorConfirmedAt: new Date(), secondFactorMethod: method })
    .where(and(eq(sessions.id, caller.sessionId), isNull(sessions.secondFactorConfirmedAt)));
  await forget(db, codeTriesKey(caller.userId));
  await deps.sessions.sessionChanged(db, caller.sessionId);
  await audit(db, {
    actorUserId: caller.userId,
    action: 'SIGN_IN_CONFIRMED',
    targetType: 'session',
    targetId: caller.sessionId,
    details: { method },
    ip,
  });
}

export interface StepOutcome {
  ok: boolean;
  messages: Message[];
}

/**
 * A wrong app code, recovery code or refused passkey: counted on the session in one statement, so
 * concurrent tries each get their own number. The first two warn (`tentative.1`, `tentative.2`); the
 * third ends the session (`tentative.3`), as three wrong text-message codes do.
 */
export async function failSecondStep(
  deps: SecondStepDeps,
  caller: Pick<Caller, 'userId' | 'sessionId'>,
  method: Exclude<PassMethod, 'sms' | 'enrolment' | 'passkeySignIn'>,
  ip: string,
  /** The try's number when countSecondStepTry reserved it; otherwise the failure is counted here. */
  reserved?: number,
): Promise<StepOutcome> {
  const counted =
    reserved ??
    (
      await deps.db
        .update(sessions)
        .set({ secondStepFailures: sql`least(${sessions.secondStepFailures} + 1, 100)` })
        .where(eq(sessions.id, caller.sessionId))
        .returning({ failures: sessions.secondStepFailures })
    )[0]?.failures;
  const attempt = Math.min(counted ?? MAX_CODE_ATTEMPTS, MAX_CODE_ATTEMPTS);
  await audit(deps.db, {
    actorUserId: caller.userId,
    action: 'SECOND_STEP_FAILED',
    targetType: 'session',
    targetId: caller.sessionId,
    details: { method, attempt },
    ip,
  });
  if (attempt < MAX_CODE_ATTEMPTS) return { ok: false, messages: [warnMessage(`tentative.${attempt}`)] };
  await revokeSession(deps.db, deps.sessions, caller.sessionId, 'code_attempts');
  await audit(deps.db, {
    actorUserId: caller.userId,
    action: 'CODE_LOCKED',
    targetType: 'session',
    targetId: caller.sessionId,
    details: { method },
    ip,
  });
  return { ok: false, messages: [errorMessage('tentative.3')] };
}

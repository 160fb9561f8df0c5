import {
  CODE_RESEND_INTERVAL_S,
  CONFIRMATION_CODE_LENGTH,
  MAX_CODE_ATTEMPTS,
} from '@portail/contract/constants';
import { and, desc, eq, gte, isNull, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { oneTimeCodes } from '../db/schema';
import { hashCode, randomDigits, sameHash } from './secrets';
import type { ThrottleOutcome } from './throttle';

export const RESEND_INTERVAL_MS = CODE_RESEND_INTERVAL_S * 1000;
export const MAX_SENDS = 4;

export type Purpose = 'SIGN_IN' | 'REGISTRATION' | 'CONTACT_EMAIL' | 'CONTACT_MOBILE';

export async function issueCode(
  db: DbOrTx,
  target: { userId: number; sessionId: string | null; purpose: Purpose; pendingValue?: string },
  key: Uint8Array,
  ttlS: number,
): Promise<string> {
  const code = randomDigits(CONFIRMATION_CODE_LENGTH);
  await db.insert(oneTimeCodes).values({
    purpose: target.purpose,
    userId: target.userId,
    sessionId: target.sessionId,
    pendingValue: target.pendingValue ?? null,
    codeHash: hashCode(code, key),
    expiresAt: new Date(Date.now() + ttlS * 1000),
  });
  return code;
}

async function latestCode(db: DbOrTx, sessionId: string) {
  const [row] = await db
    .select()
    .from(oneTimeCodes)
    .where(and(eq(oneTimeCodes.sessionId, sessionId), isNull(oneTimeCodes.consumedAt)))
    .orderBy(desc(oneTimeCodes.id))
    .limit(1);
  return row;
}

/** Whether a sign-in code was ever issued for the session (a holder of a passkey or an app gets none unasked). */
export async function sessionHasCode(db: DbOrTx, sessionId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: oneTimeCodes.id })
    .from(oneTimeCodes)
    .where(eq(oneTimeCodes.sessionId, sessionId))
    .limit(1);
  return row !== undefined;
}

export type CheckOutcome =
  | { result: 'ok' }
  | { result: 'wrong'; attempt: number }
  | { result: 'exhausted' }
  | { result: 'expired' };

/**
 * Checks a code for a session. The attempt is counted atomically before the comparison, so concurrent
 * guesses cannot exceed MAX_CODE_ATTEMPTS evaluations.
 */
export async function checkCode(
  db: DbOrTx,
  sessionId: string,
  code: string,
  key: Uint8Array,
): Promise<CheckOutcome> {
  return evaluate(db, await latestCode(db, sessionId), code, key);
}

/** Counts one attempt on the code row, then compares; consumes the code when it is right. */
async function evaluate(
  db: DbOrTx,
  current: { id: number; expiresAt: Date } | undefined,
  code: string,
  key: Uint8Array,
): Promise<CheckOutcome> {
  if (!current || current.expiresAt.getTime() <= Date.now()) return { result: 'expired' };
  const [counted] = await db
    .update(oneTimeCodes)
    .set({ attempts: sql`${oneTimeCodes.attempts} + 1` })
    .where(
      and(
        eq(oneTimeCodes.id, current.id),
        lt(oneTimeCodes.attempts, MAX_CODE_ATTEMPTS),
        isNull(oneTimeCodes.consumedAt),
      ),
    )
    .returning({ attempts: oneTimeCodes.attempts, codeHash: oneTimeCodes.codeHash });
  if (!counted) return { result: 'exhausted' };
  if (sameHash(counted.codeHash, hashCode(code, key))) {
    const [consumed] = await db
      .update(oneTimeCodes)
      .set({ consumedAt: new Date() })
      .where(and(eq(oneTimeCodes.id, current.id), isNull(oneTimeCodes.consumedAt)))
      .returning({ id: oneTimeCodes.id });
    return consumed ? { result: 'ok' } : { result: 'expired' };
  }
  return counted.attempts >= MAX_CODE_ATTEMPTS
    ? { result: 'exhausted' }
    : { result: 'wrong', attempt: counted.attempts };
}

export type ResendOutcome =
  | { result: 'sent'; code: string }
  | { result: 'wait'; retryAfterS: number }
  | { result: 'none' };

/**
 * A new code for the same session, at most once a minute and MAX_SENDS times in all. The attempts
 * already spent stay spent: asking for a new code does not buy more guesses. `mayText` (the account's
 * text limit) is asked last, once the session's own rules allow a new code, so a click too early
 * spends none of the account's texts, and a refused one leaves the code already sent working.
 */
export async function resendCode(
  db: DbOrTx,
  sessionId: string,
  key: Uint8Array,
  ttlS: number,
  mayText: () => Promise<ThrottleOutcome> = async () => ({ allowed: true }),
): Promise<ResendOutcome> {
  return resend(db, await latestCode(db, sessionId), key, ttlS, mayText);
}

type ResendableCode = { id: number; attempts: number; sendCount: number; lastSentAt: Date; expiresAt: Date };

async function resend(
  db: DbOrTx,
  current: ResendableCode | undefined,
  key: Uint8Array,
  ttlS: number,
  mayText: () => Promise<ThrottleOutcome> = async () => ({ allowed: true }),
): Promise<ResendOutcome> {
  if (!current || current.attempts >= MAX_CODE_ATTEMPTS) return { result: 'none' };
  const waitMs = current.lastSentAt.getTime() + RESEND_INTERVAL_MS - Date.now();
  if (current.sendCount >= MAX_SENDS) {
    return { result: 'wait', retryAfterS: Math.max(1, (current.expiresAt.getTime() - Date.now()) / 1000) };
  }
  if (waitMs > 0) return { result: 'wait', retryAfterS: waitMs / 1000 };
  const texts = await mayText();
  if (!texts.allowed) return { result: 'wait', retryAfterS: texts.retryAfterS };
  const code = randomDigits(CONFIRMATION_CODE_LENGTH);
  const [updated] = await db
    .update(oneTimeCodes)
    .set({
      codeHash: hashCode(code, key),
      expiresAt: new Date(Date.now() + ttlS * 1000),
      lastSentAt: new Date(),
      sendCount: sql`${oneTimeCodes.sendCount} + 1`,
    })
    .where(and(eq(oneTimeCodes.id, current.id), eq(oneTimeCodes.sendCount, current.sendCount)))
    .returning({ id: oneTimeCodes.id });
  return updated ? { result: 'sent', code } : { result: 'wait', retryAfterS: RESEND_INTERVAL_MS / 1000 };
}

/** A code sent to a user outside any session (registration by link), for one purpose. */
const userCodes = (userId: number, purpose: Purpose) =>
  and(eq(oneTimeCodes.userId, userId), eq(oneTimeCodes.purpose, purpose), isNull(oneTimeCodes.sessionId));

/**
 * A new code bound to a user and a purpose instead of a session. The user's earlier unconsumed codes
 * of that purpose are spent first (their tries used up, their expiry passed), so only the latest code
 * works; a consumed code stays as it is: it records a confirmation (see confirmedUserCode).
 */
export async function issueUserCode(
  db: DbOrTx,
  target: { userId: number; purpose: Purpose; pendingValue?: string },
  key: Uint8Array,
  ttlS: number,
): Promise<string> {
  await spendUserCodes(db, target);
  return issueCode(db, { ...target, sessionId: null }, key, ttlS);
}

/**
 * Checks the latest code of a user and purpose, as checkCode does for a session: each attempt is
 * counted atomically before the comparison, so concurrent guesses never exceed MAX_CODE_ATTEMPTS
 * evaluations, and a right code is consumed.
 */
export async function checkUserCode(
  db: DbOrTx,
  target: { userId: number; purpose: Purpose },
  code: string,
  key: Uint8Array,
): Promise<CheckOutcome> {
  return evaluate(db, await latestUserCode(db, target), code, key);
}

/** The latest unconsumed code of a user and purpose, whatever its state (expired, tries spent). */
export async function latestUserCode(db: DbOrTx, target: { userId: number; purpose: Purpose }) {
  const [row] = await db
    .select()
    .from(oneTimeCodes)
    .where(and(userCodes(target.userId, target.purpose), isNull(oneTimeCodes.consumedAt)))
    .orderBy(desc(oneTimeCodes.id))
    .limit(1);
  return row;
}

/** A new code in place of a user's latest one, on resendCode's terms (once a minute, tries kept). */
export async function resendUserCode(
  db: DbOrTx,
  target: { userId: number; purpose: Purpose },
  key: Uint8Array,
  ttlS: number,
): Promise<ResendOutcome> {
  return resend(db, await latestUserCode(db, target), key, ttlS);
}

/** Spends a user's unconsumed codes of a purpose (a cancelled request): none of them works any more. */
export async function spendUserCodes(db: DbOrTx, target: { userId: number; purpose: Purpose }) {
  await db
    .update(oneTimeCodes)
    .set({ attempts: MAX_CODE_ATTEMPTS, expiresAt: new Date() })
    .where(and(userCodes(target.userId, target.purpose), isNull(oneTimeCodes.consumedAt)));
}

/**
 * Whether the user confirmed a code of this purpose recently: a code issued at or after `issuedSince`
 * and consumed (typed right) at or after `confirmedSince`.
 */
export async function confirmedUserCode(
  db: DbOrTx,
  target: { userId: number; purpose: Purpose },
  since: { issuedSince: Date; confirmedSince: Date },
): Promise<boolean> {
  const [row] = await db
    .select({ id: oneTimeCodes.id })
    .from(oneTimeCodes)
    .where(
      and(
        userCodes(target.userId, target.purpose),
        gte(oneTimeCodes.createdAt, since.issuedSince),
        gte(oneTimeCodes.consumedAt, since.confirmedSince),
      ),
    )
    .limit(1);
  return row !== undefined;
}

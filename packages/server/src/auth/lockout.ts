import { MAX_PASSWORD_ATTEMPTS } from '@portail/contract/constants';
import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { loginAttempts, users } from '../db/schema';
import { audit } from '../lib/audit';
import type { SessionEvents } from './session-events';
import { revokeUserSessions } from './sessions';

/**
 * Reserves one password attempt for a sign-in key before the password is evaluated, in one atomic
 * statement: however many requests arrive at once, only the first three get a number ≤ 3, so only
 * three passwords are ever checked. Returns the attempt number.
 *
 * A count lasts `lockDurationS` from its last evaluated attempt: then it starts again at 1, which is
 * how a lock lifts by itself (for an unknown identifier exactly as for an account). Attempts refused
 * while locked do not move that moment, so hammering a locked account does not keep it locked.
 */
export async function reserveAttempt(db: DbOrTx, key: string, lockDurationS: number): Promise<number> {
  const over = sql`${loginAttempts.updatedAt} + make_interval(secs => ${lockDurationS}) <= now()`;
  const [row] = await db
    .insert(loginAttempts)
    .values({ key, attempts: 1 })
    .onConflictDoUpdate({
      target: loginAttempts.key,
      set: {
        attempts: sql`case when ${over} then 1 else least(${loginAttempts.attempts} + 1, 1000) end`,
        updatedAt: sql`case when ${over} or ${loginAttempts.attempts} < ${MAX_PASSWORD_ATTEMPTS} then now() else ${loginAttempts.updatedAt} end`,
      },
    })
    .returning({ attempts: loginAttempts.attempts });
  return row?.attempts ?? MAX_PASSWORD_ATTEMPTS + 1;
}

/** Gives back an attempt reserved for a password that was never checked (the hashing queue was full). */
export async function refundAttempt(db: DbOrTx, key: string): Promise<void> {
  await db
    .update(loginAttempts)
    .set({ attempts: sql`greatest(${loginAttempts.attempts} - 1, 0)` })
    .where(eq(loginAttempts.key, key));
}

/** A correct password (or a password reset) clears the counter. */
export async function clearAttempts(db: DbOrTx, key: string): Promise<void> {
  await db.delete(loginAttempts).where(eq(loginAttempts.key, key));
}

export function attemptKey(kind: 'C' | 'P', identifier: string): string {
  return `${kind}:${identifier}`;
}

/** Whether an account's lock (users.locked_at) still holds: it lifts `lockDurationS` after it was set. */
export function lockHolds(lockedAt: Date | null, lockDurationS: number, now = Date.now()): boolean {
  return lockedAt !== null && lockedAt.getTime() + lockDurationS * 1000 > now;
}

/** The sign-in key of an account (the identifier typed with the checkbox that finds it). */
export function accountAttemptKey(account: { kind: string; login: string }): string {
  return attemptKey(account.kind === 'CORRESPONDANT' ? 'C' : 'P', account.login);
}

/**
 * Locks an account, whichever password check tripped it (sign-in, change-password, a sensitive change):
 * the password grant refuses it until the lock lifts (LOCK_DURATION_S) or a password reset lifts it,
 * and every open session of it ends at once, in every instance — whoever tripped the lock may be the
 * one holding a session.
 */
export async function lockAccount(
  db: DbOrTx,
  sessions: SessionEvents,
  userId: number,
  ip: string,
  /** What tripped it, for the centre's support card: three wrong passwords at sign-in or at a sensitive change. */
  after: 'SIGN_IN' | 'REAUTHENTICATION' = 'SIGN_IN',
): Promise<void> {
  await db.update(users).set({ lockedAt: new Date() }).where(eq(users.id, userId));
  const ended = await revokeUserSessions(db, sessions, userId, null, 'account_locked');
  await audit(db, {
    actorUserId: userId,
    action: 'ACCOUNT_LOCKED',
    targetType: 'user',
    targetId: userId,
    details: { sessionsEnded: ended, after },
    ip,
  });
}

import { MAX_PASSWORD_ATTEMPTS } from '@portail/contract/constants';
import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { loginAttempts } from '../db/schema';

/**
 * Reserves one password attempt for a sign-in key before the password is evaluated, in one atomic
 * statement: however many requests arrive at once, only the first three get a number ≤ 3, so only
 * three passwords are ever checked. Returns the attempt number.
 */
export async function reserveAttempt(db: DbOrTx, key: string): Promise<number> {
  const [row] = await db
    .insert(loginAttempts)
    .values({ key, attempts: 1 })
    .onConflictDoUpdate({
      target: loginAttempts.key,
      set: { attempts: sql`least(${loginAttempts.attempts} + 1, 1000)`, updatedAt: sql`now()` },
    })
    .returning({ attempts: loginAttempts.attempts });
  return row?.attempts ?? MAX_PASSWORD_ATTEMPTS + 1;
}

/** A correct password (or a password reset) clears the counter. */
export async function clearAttempts(db: DbOrTx, key: string): Promise<void> {
  await db.delete(loginAttempts).where(eq(loginAttempts.key, key));
}

export function attemptKey(kind: 'C' | 'P', identifier: string): string {
  return `${kind}:${identifier}`;
}

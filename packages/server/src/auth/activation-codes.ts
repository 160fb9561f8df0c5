import { randomInt } from 'node:crypto';
import { ACTIVATION_CODE_ALPHABET, ACTIVATION_CODE_LENGTH } from '@portail/contract/rules/activation-code';
import { and, desc, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { activationCodes } from '../db/schema';
import { hashPassword, verifyPassword } from './passwords';

/** Random characters of the activation codes' alphabet, from a cryptographic source. */
export function randomFromAlphabet(alphabet: string, length: number): string {
  return Array.from({ length }, () => alphabet[randomInt(alphabet.length)]).join('');
}

/**
 * A new activation code for a participant's account (issue 17), in the caller's transaction, valid
 * `ttlS`. Only the latest code of an account counts, so a new one replaces the earlier ones (and any
 * proof given with them). Returns the code in clear, once, for the letter or the front desk.
 */
export async function issueActivationCode(tx: DbOrTx, userId: number, ttlS: number): Promise<string> {
  const code = randomFromAlphabet(ACTIVATION_CODE_ALPHABET, ACTIVATION_CODE_LENGTH);
  await tx.insert(activationCodes).values({
    userId,
    // argon2id: a copy of the table must not give the codes away (forty bits fall to a plain hash).
    codeHash: await hashPassword(code),
    expiresAt: new Date(Date.now() + ttlS * 1000),
  });
  return code;
}

async function latestCode(db: DbOrTx, userId: number) {
  const [row] = await db
    .select({
      id: activationCodes.id,
      codeHash: activationCodes.codeHash,
      expiresAt: activationCodes.expiresAt,
      usedAt: activationCodes.usedAt,
    })
    .from(activationCodes)
    .where(eq(activationCodes.userId, userId))
    .orderBy(desc(activationCodes.id))
    .limit(1);
  return row;
}

export type CodeMatch =
  | { result: 'match'; id: number; expired: boolean }
  | { result: 'used' }
  | { result: 'wrong' };

/**
 * Whether `code` is the account's latest, unused activation code (`used`: it is the latest, but was
 * given already). The argon2 verification runs whether or not there is one (a decoy otherwise), so
 * the time taken says nothing. Spends nothing: the caller spends the code (spendActivationCode) only
 * once everything else matched too.
 */
export async function matchActivationCode(db: DbOrTx, userId: number, code: string): Promise<CodeMatch> {
  const current = await latestCode(db, userId);
  const same = await verifyPassword(current?.codeHash, code);
  if (!current || !same) return { result: 'wrong' };
  if (current.usedAt !== null) return { result: 'used' };
  return { result: 'match', id: current.id, expired: current.expiresAt.getTime() <= Date.now() };
}

/** Spends a code in one conditional update: of two requests presenting it at once, one wins. */
export async function spendActivationCode(db: DbOrTx, id: number): Promise<boolean> {
  const [spent] = await db
    .update(activationCodes)
    .set({ usedAt: new Date() })
    .where(and(eq(activationCodes.id, id), isNull(activationCodes.usedAt)))
    .returning({ id: activationCodes.id });
  return spent !== undefined;
}

/** The account's latest activation code has been given with the right birth date: identity proven. */
export async function identityProven(db: DbOrTx, userId: number): Promise<boolean> {
  const current = await latestCode(db, userId);
  return current?.usedAt != null;
}

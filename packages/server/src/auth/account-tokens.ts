import { and, eq, gt, inArray, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { accountTokens } from '../db/schema';
import { hashToken, randomToken } from './secrets';

export type AccountTokenPurpose = (typeof accountTokens.$inferSelect)['purpose'];

/**
 * Links mailed to a user (docs/recovery.md#reset-link: reset-password link, registration by link). A token carries 256
 * random bits and only its SHA-256 is stored; it is single use and expires. Issuing a new one spends
 * the user's earlier unused tokens of the same purpose, so only the latest link works.
 */
export async function issueAccountToken(
  tx: DbOrTx,
  userId: number,
  purpose: AccountTokenPurpose,
  ttlS: number,
): Promise<string> {
  await tx
    .update(accountTokens)
    .set({ usedAt: new Date() })
    .where(
      and(eq(accountTokens.userId, userId), eq(accountTokens.purpose, purpose), isNull(accountTokens.usedAt)),
    );
  const token = randomToken();
  await tx.insert(accountTokens).values({
    userId,
    purpose,
    tokenHash: hashToken(token),
    expiresAt: new Date(Date.now() + ttlS * 1000),
  });
  return token;
}

/**
 * The first tokens of accounts just created in this transaction, one statement for all: a new account
 * has no earlier token to spend. Returns the tokens in clear, in the order of `userIds`.
 */
export async function issueFirstAccountTokens(
  tx: DbOrTx,
  userIds: readonly number[],
  purpose: AccountTokenPurpose,
  ttlS: number,
): Promise<string[]> {
  if (userIds.length === 0) return [];
  const tokens = userIds.map(() => randomToken());
  const expiresAt = new Date(Date.now() + ttlS * 1000);
  await tx.insert(accountTokens).values(
    userIds.map((userId, index) => ({
      userId,
      purpose,
      tokenHash: hashToken(tokens[index] ?? ''),
      expiresAt,
    })),
  );
  return tokens;
}

export type AccountTokenState =
  | { state: 'none' }
  | { state: 'used'; userId: number; purpose: AccountTokenPurpose }
  | { state: 'expired'; id: number; userId: number; purpose: AccountTokenPurpose }
  | { state: 'valid'; id: number; userId: number; purpose: AccountTokenPurpose; expiresAt: Date };

/** What a presented token is: unknown, spent, expired or valid (of the given purposes only). */
export async function findAccountToken(
  db: DbOrTx,
  token: string,
  purposes: readonly AccountTokenPurpose[],
): Promise<AccountTokenState> {
  if (!token || token.length > 200) return { state: 'none' };
  const [row] = await db
    .select()
    .from(accountTokens)
    .where(and(eq(accountTokens.tokenHash, hashToken(token)), inArray(accountTokens.purpose, [...purposes])))
    .limit(1);
  if (!row) return { state: 'none' };
  if (row.usedAt) return { state: 'used', userId: row.userId, purpose: row.purpose };
  if (row.expiresAt.getTime() <= Date.now()) {
    return { state: 'expired', id: row.id, userId: row.userId, purpose: row.purpose };
  }
  return { state: 'valid', id: row.id, userId: row.userId, purpose: row.purpose, expiresAt: row.expiresAt };
}

/**
 * Spends a valid token in one conditional update: of two requests presenting the same link at once,
 * exactly one gets its user id back; the other (and any later one) gets null. Call it inside the
 * transaction that does what the link allows, so that a failure leaves the link usable.
 */
export async function consumeAccountToken(
  tx: DbOrTx,
  token: string,
  purposes: readonly AccountTokenPurpose[],
): Promise<{ userId: number; purpose: AccountTokenPurpose } | null> {
  if (!token || token.length > 200) return null;
  const [row] = await tx
    .update(accountTokens)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(accountTokens.tokenHash, hashToken(token)),
        inArray(accountTokens.purpose, [...purposes]),
        isNull(accountTokens.usedAt),
        gt(accountTokens.expiresAt, new Date()),
      ),
    )
    .returning({ userId: accountTokens.userId, purpose: accountTokens.purpose });
  return row ?? null;
}

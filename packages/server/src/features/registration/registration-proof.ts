import { eq, sql } from 'drizzle-orm';
import { identityProven } from '../../auth/activation-codes';
import { hashToken, randomToken, sameHash } from '../../auth/secrets';
import type { DbOrTx } from '../../db/client';
import { accountTokens } from '../../db/schema';
import type { LinkAccount } from './registration.queries';

/**
 * How long the proof of identity given to a browser holds: the registration's remaining steps take
 * minutes (the text-message code confirmed carries them for 30). Past it, the identity must be
 * proven again, with a new activation code from the centre (the one given is spent).
 */
export const REGISTRATION_PROOF_TTL_S = 2 * 60 * 60;

/**
 * A new proof of identity for the browser that has just passed the birth date and activation code,
 * in the caller's transaction: 256 random bits, of which the link's row keeps only the SHA-256. It
 * replaces any earlier proof of the link, so a browser that held one loses it. Returns the secret in
 * clear, for the reply only.
 */
export async function issueProof(tx: DbOrTx, tokenId: number): Promise<string> {
  const secret = randomToken();
  // The database's clock, as for the codes it then compares with (their createdAt).
  await tx
    .update(accountTokens)
    .set({
      proofHash: hashToken(secret),
      proofIssuedAt: sql`now()`,
      proofExpiresAt: sql`now() + make_interval(secs => ${REGISTRATION_PROOF_TTL_S})`,
    })
    .where(eq(accountTokens.id, tokenId));
  return secret;
}

/** Whether the secret a call presents is the link's current, unexpired proof (compared in constant time). */
export function holdsProof(account: LinkAccount, presented: string | undefined): boolean {
  const { proof } = account;
  if (!proof || !presented || proof.expiresAt.getTime() <= Date.now()) return false;
  return sameHash(proof.hash, hashToken(presented));
}

/**
 * A participant's identity is proven for this call: the call presents the link's proof, and the
 * account's latest activation code is the one that was given (a new code from the centre voids the
 * proofs given with the earlier ones).
 */
export async function provenBy(
  db: DbOrTx,
  account: LinkAccount,
  presented: string | undefined,
): Promise<boolean> {
  return holdsProof(account, presented) && (await identityProven(db, account.userId));
}

import { eq } from 'drizzle-orm';
import { findAccountToken } from '../../auth/account-tokens';
import type { DbOrTx } from '../../db/client';
import { accountTokens, correspondants, participants, users } from '../../db/schema';

/** The account a registration link names, with the centre's record of its contact. */
export interface LinkAccount {
  tokenId: number;
  /** When the link was issued: a code confirmed before it belongs to an earlier link. */
  issuedAt: Date;
  userId: number;
  kind: 'PARTICIPANT' | 'CORRESPONDANT' | 'STAFF';
  login: string;
  firstName: string;
  lastName: string;
  email: string | null;
  mobile: string | null;
  englishOnly: boolean;
  /** Still to register: no password yet, or not active. */
  pending: boolean;
  participantId: number | null;
  /** The contact the centre holds: the participant's or correspondant's record, else the account's. */
  recordEmail: string | null;
  recordMobile: string | null;
  /** The proof of identity given with this link (registration-proof.ts), or null. */
  proof: LinkProof | null;
}

/** The hash of the secret a browser received when it passed the identity check, and its lifetime. */
export interface LinkProof {
  hash: string;
  issuedAt: Date;
  expiresAt: Date;
}

export type RegistrationLink =
  | { state: 'none' }
  | { state: 'used' }
  | { state: 'expired' | 'valid'; account: LinkAccount };

/** What a presented registration token is, and whose account it opens. */
export async function findRegistrationLink(db: DbOrTx, token: string): Promise<RegistrationLink> {
  const found = await findAccountToken(db, token, ['REGISTRATION']);
  if (found.state === 'none' || found.state === 'used') return { state: found.state };
  const [row] = await db
    .select({
      issuedAt: accountTokens.createdAt,
      proofHash: accountTokens.proofHash,
      proofIssuedAt: accountTokens.proofIssuedAt,
      proofExpiresAt: accountTokens.proofExpiresAt,
      userId: users.id,
      kind: users.kind,
      login: users.login,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      mobile: users.mobile,
      englishOnly: users.englishOnly,
      active: users.active,
      passwordHash: users.passwordHash,
      participantId: users.participantId,
      participantEmail: participants.email,
      participantMobile: participants.mobile,
      correspondantEmail: correspondants.email,
      correspondantMobile: correspondants.mobile,
    })
    .from(accountTokens)
    .innerJoin(users, eq(users.id, accountTokens.userId))
    .leftJoin(participants, eq(participants.id, users.participantId))
    .leftJoin(correspondants, eq(correspondants.id, users.correspondantId))
    .where(eq(accountTokens.id, found.id))
    .limit(1);
  if (!row) return { state: 'none' };
  const {
    active,
    passwordHash,
    participantEmail,
    participantMobile,
    correspondantEmail,
    correspondantMobile,
    proofHash,
    proofIssuedAt,
    proofExpiresAt,
    ...rest
  } = row;
  return {
    state: found.state,
    account: {
      ...rest,
      tokenId: found.id,
      pending: row.kind !== 'STAFF' && (!active || passwordHash === null),
      recordEmail: participantEmail ?? correspondantEmail ?? row.email,
      recordMobile: participantMobile ?? correspondantMobile ?? row.mobile,
      proof:
        proofHash !== null && proofIssuedAt !== null && proofExpiresAt !== null
          ? { hash: proofHash, issuedAt: proofIssuedAt, expiresAt: proofExpiresAt }
          : null,
    },
  };
}

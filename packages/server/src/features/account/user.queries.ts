import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { companies, correspondants, establishments, users } from '../../db/schema';

/**
 * An account with the organisation facts the User record shows (docs/personal-details.md#contact): the caller's own, or the one a
 * reset or change-password link names (what its new password is checked against, who to tell).
 */
export async function findAccount(db: DbOrTx, userId: number) {
  const [row] = await db
    .select({
      id: users.id,
      kind: users.kind,
      login: users.login,
      lastName: users.lastName,
      firstName: users.firstName,
      email: users.email,
      mobile: users.mobile,
      englishOnly: users.englishOnly,
      roles: users.roles,
      active: users.active,
      createdAt: users.createdAt,
      updatedAt: users.updatedAt,
      lastLoginAt: users.lastLoginAt,
      participantId: users.participantId,
      establishmentId: establishments.id,
      establishmentName: establishments.name,
      companyInsee: companies.insee,
    })
    .from(users)
    .leftJoin(correspondants, eq(correspondants.id, users.correspondantId))
    .leftJoin(establishments, eq(establishments.id, correspondants.establishmentId))
    .leftJoin(companies, eq(companies.id, correspondants.companyId))
    .where(eq(users.id, userId))
    .limit(1);
  return row ?? null;
}

/** The contact the account holds, locked for the rest of the transaction. */
export async function lockContact(tx: DbOrTx, userId: number) {
  const [row] = await tx
    .select({
      id: users.id,
      email: users.email,
      mobile: users.mobile,
      englishOnly: users.englishOnly,
      correspondantId: users.correspondantId,
    })
    .from(users)
    .where(eq(users.id, userId))
    .for('update');
  return row ?? null;
}

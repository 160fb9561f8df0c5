import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { correspondants, enumItems, establishments, managers, participants } from '../../db/schema';

/** The establishment, company and group a participant belongs to: whose correspondants manage them. */
export async function findParticipantOrganisation(
  db: DbOrTx,
  participantId: number,
): Promise<{ establishmentId: number; companyId: number; groupId: number | null } | null> {
  const [row] = await db
    .select({
      establishmentId: participants.establishmentId,
      companyId: participants.companyId,
      groupId: participants.groupId,
    })
    .from(participants)
    .where(eq(participants.id, participantId))
    .limit(1);
  return row ?? null;
}

/** Whether the id is an active item of the civility list (enum/civilite). */
export async function isCivility(db: DbOrTx, id: number): Promise<boolean> {
  const [row] = await db
    .select({ id: enumItems.id })
    .from(enumItems)
    .where(and(eq(enumItems.id, id), eq(enumItems.namespace, 'civilite'), eq(enumItems.active, true)))
    .limit(1);
  return row !== undefined;
}

/** The centre's manager of the establishment a correspondant is attached to (docs/correspondants.md#manager Manager). */
export async function findManagerOf(db: DbOrTx, correspondantId: number) {
  const [row] = await db
    .select({
      name: managers.name,
      telephone: managers.telephone,
      email: managers.email,
      standard: managers.standard,
    })
    .from(correspondants)
    .innerJoin(establishments, eq(establishments.id, correspondants.establishmentId))
    .innerJoin(managers, eq(managers.id, establishments.managerId))
    .where(eq(correspondants.id, correspondantId))
    .limit(1);
  return row ?? null;
}

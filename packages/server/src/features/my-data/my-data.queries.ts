import { asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { checkups, enumItems, participants, users } from '../../db/schema';

/** The participant's check-ups, oldest first (dossier.json `bilans`). */
export function participantCheckups(db: Db, participantId: number) {
  return db
    .select({
      id: checkups.id,
      state: checkups.state,
      checkupTypeId: checkups.checkupTypeId,
      firstAppointmentDate: checkups.firstAppointmentDate,
      closingDate: checkups.closingDate,
      billingDate: checkups.billingDate,
    })
    .from(checkups)
    .where(eq(checkups.participantId, participantId))
    .orderBy(asc(checkups.id));
}

/** The participant's answers to the consents (dossier.json `consentements`). */
export async function participantConsents(db: Db, participantId: number) {
  const [row] = await db
    .select({
      dmcStatus: participants.dmcStatus,
      dmcStatusAt: participants.dmcStatusAt,
      withdrawalAgreement: participants.withdrawalAgreement,
      withdrawalAgreementAt: participants.withdrawalAgreementAt,
      englishOnly: participants.englishOnly,
    })
    .from(participants)
    .where(eq(participants.id, participantId));
  return row ?? null;
}

/** The labels of reference-list items (civility, country, check-up type...), by id. */
export async function enumLabels(
  db: Db,
  ids: readonly number[],
): Promise<Map<number, { label: string; labelEn: string | null }>> {
  const wanted = [...new Set(ids)];
  if (wanted.length === 0) return new Map();
  const rows = await db
    .select({ id: enumItems.id, label: enumItems.label, labelEn: enumItems.labelEn })
    .from(enumItems)
    .where(inArray(enumItems.id, wanted));
  return new Map(rows.map((row) => [row.id, { label: row.label, labelEn: row.labelEn }]));
}

/** When the account last signed in, as an instant (dossier.json `derniereConnexion`). */
export async function lastSignInAt(db: Db, userId: number): Promise<Date | null> {
  const [row] = await db.select({ at: users.lastLoginAt }).from(users).where(eq(users.id, userId));
  return row?.at ?? null;
}

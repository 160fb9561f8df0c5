import type { AppointmentWhen } from '@portail/contract/schemas/appointments';
import { and, asc, count, desc, eq, gte, lt } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { appointments } from '../../db/schema';

export type AppointmentRecord = Pick<
  typeof appointments.$inferSelect,
  | 'id'
  | 'visitId'
  | 'purpose'
  | 'purposeEn'
  | 'startsAt'
  | 'endsAt'
  | 'checkupInProgress'
  | 'cardiologist'
  | 'internist'
  | 'gynecologist'
  | 'status'
  | 'statusEn'
>;

const columns = {
  id: appointments.id,
  visitId: appointments.visitId,
  purpose: appointments.purpose,
  purposeEn: appointments.purposeEn,
  startsAt: appointments.startsAt,
  endsAt: appointments.endsAt,
  checkupInProgress: appointments.checkupInProgress,
  cardiologist: appointments.cardiologist,
  internist: appointments.internist,
  gynecologist: appointments.gynecologist,
  status: appointments.status,
  statusEn: appointments.statusEn,
};

/**
 * A page of one participant's appointments by start (then id, so pages never overlap), all of them
 * or only those starting from `now` on (`avenir`) or before it (`passe`).
 */
export async function listParticipantAppointments(
  db: DbOrTx,
  participantId: number,
  page: {
    offset: number;
    limit: number;
    descending: boolean;
    when?: { side: AppointmentWhen; now: Date } | undefined;
  },
): Promise<{ items: AppointmentRecord[]; totalRows: number }> {
  const when = page.when;
  const scope = and(
    eq(appointments.participantId, participantId),
    when === undefined
      ? undefined
      : when.side === 'avenir'
        ? gte(appointments.startsAt, when.now)
        : lt(appointments.startsAt, when.now),
  );
  const order = page.descending
    ? [desc(appointments.startsAt), desc(appointments.id)]
    : [asc(appointments.startsAt), asc(appointments.id)];
  const [items, [total]] = await Promise.all([
    db
      .select(columns)
      .from(appointments)
      .where(scope)
      .orderBy(...order)
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: count() }).from(appointments).where(scope),
  ]);
  return { items, totalRows: total?.n ?? 0 };
}

/** One appointment of the participant; null for anyone else's, so that it answers 404. */
export async function findParticipantAppointment(
  db: DbOrTx,
  participantId: number,
  id: number,
): Promise<AppointmentRecord | null> {
  const [row] = await db
    .select(columns)
    .from(appointments)
    .where(and(eq(appointments.id, id), eq(appointments.participantId, participantId)));
  return row ?? null;
}

/** Every appointment of one participant, by start then id (the calendar of "my data"). */
export function allParticipantAppointments(db: DbOrTx, participantId: number): Promise<AppointmentRecord[]> {
  return db
    .select(columns)
    .from(appointments)
    .where(eq(appointments.participantId, participantId))
    .orderBy(asc(appointments.startsAt), asc(appointments.id));
}

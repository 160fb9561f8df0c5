import type { Language } from '@portail/contract/constants';
import type { AppointmentListReply, AppointmentWhen } from '@portail/contract/schemas/appointments';
import type { CentreSettings } from '@portail/contract/schemas/assistance';
import type { Caller } from '../../auth/caller';
import type { Db } from '../../db/client';
import { forbidden, notFound } from '../../lib/errors';
import { FieldErrors } from '../../lib/field-errors';
import { replyLanguage } from '../../lib/language';
import {
  allParticipantAppointments,
  findParticipantAppointment,
  listParticipantAppointments,
} from './appointment.queries';
import { appointmentIcs, appointmentsCalendar, icsFileName } from './appointment-ics';

/**
 * `debut,ASC` or `debut,DESC` (the schema checked the shape). By default the upcoming ones come
 * soonest first, the past ones and the whole list newest first.
 */
function isDescending(sort: string | undefined, when: AppointmentWhen | undefined): boolean {
  if (sort === undefined) return when !== 'avenir';
  const [field, direction = ''] = sort.split(',');
  if (field !== 'debut') throw new FieldErrors([{ field: 'sort', defaultMessage: 'errors.sort' }]);
  return direction.toUpperCase() === 'DESC';
}

function ownId(caller: Caller): number {
  if (caller.participantId === null) throw forbidden();
  return caller.participantId;
}

/**
 * GET participant/rdvs-participant (docs/appointments.md#list): the caller's appointments, 15 a page; `quand` keeps
 * the upcoming (start at `now` or later) or the past ones (start before `now`).
 */
export async function listAppointments(
  db: Db,
  caller: Caller,
  query: { page: number; size: number; sort?: string | undefined; quand?: AppointmentWhen | undefined },
  now: Date = new Date(),
): Promise<AppointmentListReply> {
  const descending = isDescending(query.sort, query.quand);
  const { items, totalRows } = await listParticipantAppointments(db, ownId(caller), {
    offset: query.page * query.size,
    limit: query.size,
    descending,
    when: query.quand ? { side: query.quand, now } : undefined,
  });
  return {
    items: items.map((row) => ({
      id: row.id,
      idVisite: row.visitId,
      objet: row.purpose,
      objetEn: row.purposeEn ?? row.purpose,
      debut: row.startsAt.toISOString(),
      fin: row.endsAt.toISOString(),
      bilanEnCours: row.checkupInProgress,
      cardiologue: row.cardiologist,
      interniste: row.internist,
      gynecologue: row.gynecologist,
      statut: row.status,
      statutEn: row.statusEn ?? row.status,
    })),
    totalRows,
    subTotal: items.length,
  };
}

/**
 * GET participant/rdvs-participant/{id}/ics: one of the caller's appointments as a calendar file, its
 * name, SUMMARY and DESCRIPTION in the caller's language.
 */
export async function appointmentCalendarFile(
  db: Db,
  centre: CentreSettings,
  caller: Caller,
  id: number,
  langue: Language,
): Promise<{ fileName: string; content: string }> {
  const row = await findParticipantAppointment(db, ownId(caller), id);
  if (!row) throw notFound();
  // The interface language the web sends; an English-only account reads English whatever it says.
  const language = replyLanguage(caller, langue);
  return { fileName: icsFileName(row, language), content: appointmentIcs(row, centre, language) };
}

/**
 * The caller's appointments as one calendar (docs/personal-details.md#my-data) and how many it holds,
 * in `language` (the caller's, as replyLanguage chose it).
 */
export async function participantCalendar(
  db: Db,
  centre: CentreSettings,
  caller: Caller,
  language: Language,
): Promise<{ count: number; content: string }> {
  const rows = await allParticipantAppointments(db, ownId(caller));
  return { count: rows.length, content: appointmentsCalendar(rows, centre, language) };
}

import type { AppointmentRow } from '@portail/contract/schemas/appointments';
import { addressLine, type CentreInfo } from '@portail/contract/schemas/assistance';

const GOOGLE_CALENDAR = 'https://calendar.google.com/calendar/render';

/** `20260320T083000Z`: the UTC form Google Calendar's `dates` takes. */
function utcStamp(iso: string): string {
  return `${new Date(iso).toISOString().replace(/[-:]/g, '').slice(0, 15)}Z`;
}

/** What the event's place needs of the centre (its configuration, `GET /api/centre`). */
export type EventPlace = Pick<CentreInfo, 'nom' | 'adresse'>;

/**
 * A Google Calendar "add event" link for an appointment (docs/appointments.md#calendar, calendar service link): its
 * purpose, start and end in UTC, the centre's name and address, and the physicians in the details.
 */
export function googleCalendarUrl(
  row: AppointmentRow,
  physiciansText: string,
  centre: EventPlace,
  english = false,
): string {
  const params = new URLSearchParams({
    action: 'TEMPLATE',
    text: english ? row.objetEn : row.objet,
    dates: `${utcStamp(row.debut)}/${utcStamp(row.fin)}`,
    location: `${centre.nom}, ${addressLine(centre.adresse)}`,
  });
  if (physiciansText) params.set('details', physiciansText);
  return `${GOOGLE_CALENDAR}?${params.toString()}`;
}

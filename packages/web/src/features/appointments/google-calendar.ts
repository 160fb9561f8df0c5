import { CENTRE, CENTRE_ADDRESS_LINE } from '@portail/contract/constants';
import type { AppointmentRow } from '@portail/contract/schemas/appointments';

const GOOGLE_CALENDAR = 'https://calendar.google.com/calendar/render';

/** `20260320T083000Z`: the UTC form Google Calendar's `dates` takes. */
function utcStamp(iso: string): string {
  return `${new Date(iso).toISOString().replace(/[-:]/g, '').slice(0, 15)}Z`;
}

/**
 * A Google Calendar "add event" link for an appointment (000 §2.11, calendar service link): its
 * purpose, start and end in UTC, the centre's address, and the physicians in the details.
 */
export function googleCalendarUrl(row: AppointmentRow, physiciansText: string): string {
  const params = new URLSearchParams({
    action: 'TEMPLATE',
    text: row.objet,
    dates: `${utcStamp(row.debut)}/${utcStamp(row.fin)}`,
    location: `${CENTRE.name}, ${CENTRE_ADDRESS_LINE}`,
  });
  if (physiciansText) params.set('details', physiciansText);
  return `${GOOGLE_CALENDAR}?${params.toString()}`;
}

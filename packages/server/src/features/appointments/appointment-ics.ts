import { addressLine, type CentreSettings } from '@portail/contract/schemas/assistance';
import { createEvent } from 'ics';
import type { AppointmentRecord } from './appointment.queries';

/** Calendar programs merge events by UID: the same appointment downloaded twice is one event. */
const UID_DOMAIN = 'portail-bilans.example.com';

const LABELS = {
  fr_FR: { cardiologist: 'Cardiologue', internist: 'Interniste', gynecologist: 'Gynécologue' },
  en_EN: { cardiologist: 'Cardiologist', internist: 'Internist', gynecologist: 'Gynaecologist' },
} as const;

/** The physicians of the appointment, one a line, for the event's description. */
function physicians(row: AppointmentRecord, language: keyof typeof LABELS): string {
  const labels = LABELS[language];
  return (
    [
      [labels.cardiologist, row.cardiologist],
      [labels.internist, row.internist],
      [labels.gynecologist, row.gynecologist],
    ] as const
  )
    .filter(([, name]) => name)
    .map(([label, name]) => `${label} : ${name}`)
    .join('\n');
}

/**
 * The appointment as an iCalendar file (RFC 5545): its purpose, start and end in UTC, the centre's
 * address and position, and the physicians. Throws when the library refuses the event.
 */
export function appointmentIcs(
  row: AppointmentRecord,
  centre: CentreSettings,
  language: keyof typeof LABELS,
): string {
  const description = physicians(row, language);
  const { error, value } = createEvent({
    productId: 'portail-bilans/ics',
    uid: `rdv-${row.id}@${UID_DOMAIN}`,
    title: row.purpose,
    start: row.startsAt.getTime(),
    startInputType: 'utc',
    startOutputType: 'utc',
    end: row.endsAt.getTime(),
    endInputType: 'utc',
    endOutputType: 'utc',
    location: `${centre.nom}, ${addressLine(centre.adresse)}`,
    geo: { lat: centre.latitude, lon: centre.longitude },
    ...(description ? { description } : {}),
    organizer: { name: centre.nom },
    status: 'CONFIRMED',
    busyStatus: 'BUSY',
  });
  if (error || !value) throw error ?? new Error('the calendar event could not be built');
  return value;
}

/** `rendez-vous-20260320-42.ics`: ASCII only, so no header encoding is needed. */
export function icsFileName(row: AppointmentRecord): string {
  const day = row.startsAt.toISOString().slice(0, 10).replaceAll('-', '');
  return `rendez-vous-${day}-${row.id}.ics`;
}

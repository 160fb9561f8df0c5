import type { Language } from '@portail/contract/constants';
import { addressLine, type CentreSettings } from '@portail/contract/schemas/assistance';
import { createEvent, createEvents, type EventAttributes } from 'ics';
import { centreToday } from '../../lib/dates';
import type { AppointmentRecord } from './appointment.queries';

/** Calendar programs merge events by UID: the same appointment downloaded twice is one event. */
const UID_DOMAIN = 'portail-bilans.example.com';

const LABELS = {
  fr_FR: { cardiologist: 'Cardiologue', internist: 'Interniste', gynecologist: 'Gynécologue' },
  en_EN: { cardiologist: 'Cardiologist', internist: 'Internist', gynecologist: 'Gynaecologist' },
} as const;

/**
 * A parameter value as RFC 6868 encodes it: a quoted parameter (ORGANIZER's CN) may hold neither a
 * double quote nor a line break, and RFC 5545 has no escape for them (the `\"` the library writes is
 * not one): `^'`, `^n` and `^^` stand for `"`, a line break and `^`. Other control characters go.
 */
function paramText(text: string): string {
  return text
    .replaceAll('^', '^^')
    .replaceAll('"', "^'")
    .replace(/\r\n|\r|\n/g, '^n')
    .replace(/\p{Cc}/gu, '');
}

/** The department that answers about appointments writes the invitations; the reception otherwise. */
function organizerMail(centre: CentreSettings): string | undefined {
  const mailOf = (service: string) => centre.contacts.find((contact) => contact.service === service)?.email;
  return mailOf('rendezVous') ?? mailOf('accueil') ?? centre.contacts[0]?.email;
}

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
 * The appointment as an iCalendar event (RFC 5545): its purpose, start and end as UTC instants (`Z`:
 * every calendar shows them in its own zone, so no VTIMEZONE is needed), the centre's address and
 * position, the physicians, and the centre's appointments department as organizer.
 */
function appointmentEvent(
  row: AppointmentRecord,
  centre: CentreSettings,
  language: keyof typeof LABELS,
): EventAttributes {
  const description = physicians(row, language);
  return {
    productId: 'portail-bilans/ics',
    uid: `rdv-${row.id}@${UID_DOMAIN}`,
    title: language === 'en_EN' ? (row.purposeEn ?? row.purpose) : row.purpose,
    start: row.startsAt.getTime(),
    startInputType: 'utc',
    startOutputType: 'utc',
    end: row.endsAt.getTime(),
    endInputType: 'utc',
    endOutputType: 'utc',
    location: `${centre.nom}, ${addressLine(centre.adresse)}`,
    geo: { lat: centre.latitude, lon: centre.longitude },
    ...(description ? { description } : {}),
    // RFC 5545 §3.8.4.3: ORGANIZER is a cal-address (a mailto: URI), CN an optional parameter.
    organizer: { name: paramText(centre.nom), email: organizerMail(centre) },
    status: 'CONFIRMED',
    busyStatus: 'BUSY',
  };
}

/** The appointment as an iCalendar file of one event. Throws when the library refuses the event. */
export function appointmentIcs(
  row: AppointmentRecord,
  centre: CentreSettings,
  language: keyof typeof LABELS,
): string {
  const { error, value } = createEvent(appointmentEvent(row, centre, language));
  if (error || !value) throw error ?? new Error('the calendar event could not be built');
  return value;
}

/**
 * Every appointment given as one calendar ("my data", docs/personal-details.md#my-data), each event as
 * its own file writes it (same UID, so a calendar that imported one merges it). An empty list is a
 * calendar without events. Throws when the library refuses an event.
 */
export function appointmentsCalendar(
  rows: readonly AppointmentRecord[],
  centre: CentreSettings,
  language: keyof typeof LABELS,
): string {
  const { error, value } = createEvents(
    rows.map((row) => appointmentEvent(row, centre, language)),
    { productId: 'portail-bilans/ics' },
  );
  if (error || value === undefined || value === null)
    throw error ?? new Error('the calendar could not be built');
  return value;
}

/**
 * `Rendez-vous 2026-03-20.ics` (`Appointment …` in English): what the list shows, not the record's id,
 * on the appointment's day at the centre (00:30 in Paris is still the day before in UTC).
 */
export function icsFileName(row: AppointmentRecord, language: Language): string {
  return `${language === 'en_EN' ? 'Appointment' : 'Rendez-vous'} ${centreToday(row.startsAt)}.ics`;
}

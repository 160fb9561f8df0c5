import { CENTRE_TIME_ZONE } from '../../lib/dates';

const parts = new Intl.DateTimeFormat('en-CA', {
  timeZone: CENTRE_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * An instant as FHIR writes it, in the centre's wall-clock time with its offset
 * (`2026-11-25T09:30:00+01:00`, `2026-07-01T14:00:00+02:00`): the same instant as the UTC form, but an
 * integrator reading the Appointment sees the hour the participant was given. The database stores
 * instants (timestamptz), so the offset is Paris's at that instant, daylight saving included.
 */
export function centreFhirInstant(instant: Date): string {
  const p = Object.fromEntries(parts.formatToParts(instant).map((part) => [part.type, part.value]));
  const wall = Date.UTC(
    Number(p.year),
    Number(p.month) - 1,
    Number(p.day),
    Number(p.hour),
    Number(p.minute),
    Number(p.second),
  );
  const offsetMinutes = Math.round((wall - Math.floor(instant.getTime() / 1000) * 1000) / 60_000);
  const sign = offsetMinutes < 0 ? '-' : '+';
  const offset = `${sign}${pad(Math.floor(Math.abs(offsetMinutes) / 60))}:${pad(Math.abs(offsetMinutes) % 60)}`;
  return `${p.year}-${p.month}-${p.day}T${p.hour}:${p.minute}:${p.second}${offset}`;
}

import { centreOffset } from '@portail/contract/rules/centre-time';

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * An instant as FHIR writes it, in the centre's wall-clock time with its offset
 * (`2026-11-25T09:30:00+01:00`, `2026-07-01T14:00:00+02:00`): the same instant as the UTC form, but an
 * integrator reading the Appointment sees the hour the participant was given. The database stores
 * instants (timestamptz), so the offset is Paris's at that instant, daylight saving included.
 */
export function centreFhirInstant(instant: Date): string {
  const offsetMs = centreOffset(instant);
  // The wall-clock fields, read from a Date moved by the offset and written as UTC.
  const wall = new Date(Math.floor(instant.getTime() / 1000) * 1000 + offsetMs).toISOString().slice(0, 19);
  const offsetMinutes = Math.round(offsetMs / 60_000);
  const sign = offsetMinutes < 0 ? '-' : '+';
  const offset = `${sign}${pad(Math.floor(Math.abs(offsetMinutes) / 60))}:${pad(Math.abs(offsetMinutes) % 60)}`;
  return `${wall}${offset}`;
}

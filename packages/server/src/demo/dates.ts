import { centreInstant } from '@portail/contract/rules/centre-time';

export const DAY_MS = 86_400_000;

/** Midnight UTC of the given instant's UTC day: the reference every generated date is relative to. */
export function startOfDay(date: Date): Date {
  return new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()));
}

export function addDays(date: Date, days: number): Date {
  return new Date(date.getTime() + days * DAY_MS);
}

/** The calendar date as `YYYY-MM-DD`, the string mode of the date columns. */
export function isoDate(date: Date): string {
  const month = date.getUTCMonth() + 1;
  const day = date.getUTCDate();
  return `${date.getUTCFullYear()}-${month < 10 ? '0' : ''}${month}-${day < 10 ? '0' : ''}${day}`;
}

/**
 * The same day at a time of day on the centre's clocks: "07:30" is 07:30 in Paris, 06:30 UTC in
 * winter and 05:30 UTC in summer (it was 07:30 UTC, which every screen showed as 08:30 or 09:30).
 */
export function atTime(day: Date, hours: number, minutes = 0): Date {
  return centreInstant(isoDate(day), hours, minutes);
}

export function compactDate(date: Date): string {
  return isoDate(date).replaceAll('-', '');
}

import { centreInstant, centreWallClock } from '@portail/contract/rules/centre-time';
import { QUIET_HOURS } from '@portail/contract/schemas/notifications';

function nextDay(day: string): string {
  const date = new Date(`${day}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
}

/**
 * The first instant at or after `at` outside the quiet hours (21:00 to 08:00, Paris time): `at` itself
 * in the day, 08:00 of the same morning before it, 08:00 of the next morning from 21:00. Computed on the
 * centre's wall clock, so a night that loses or gains an hour (the last Sundays of March and October)
 * still ends at 08:00 in Paris (docs/notifications-and-delivery.md#quiet-hours).
 */
export function outsideQuietHours(at: Date): Date {
  const clock = centreWallClock(at);
  if (!clock) return at;
  const hour = Number(clock.time.slice(0, 2));
  if (hour >= QUIET_HOURS.from) return centreInstant(nextDay(clock.date), QUIET_HOURS.until);
  if (hour < QUIET_HOURS.until) return centreInstant(clock.date, QUIET_HOURS.until);
  return at;
}

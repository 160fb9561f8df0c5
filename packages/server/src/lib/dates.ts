import { CENTRE_TIME_ZONE } from '@portail/contract/rules/centre-time';

/** The centre's clock: "today" for membership, termination and birth-date checks is the day in Paris. */
export { CENTRE_TIME_ZONE };

const calendarDay = new Intl.DateTimeFormat('en-CA', {
  timeZone: CENTRE_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/**
 * The calendar date (YYYY-MM-DD, the string mode of the date columns) at the centre at `now`: at
 * 00:30 in Paris it is already tomorrow there while UTC still says today.
 */
export function centreToday(now: Date = new Date()): string {
  const parts = Object.fromEntries(calendarDay.formatToParts(now).map((part) => [part.type, part.value]));
  return `${parts.year}-${parts.month}-${parts.day}`;
}

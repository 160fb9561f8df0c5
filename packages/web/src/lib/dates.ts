import { DATE_FORMAT } from '@portail/contract/constants';
import { CENTRE_TIME_ZONE, centreWallClock } from '@portail/contract/rules/centre-time';
import dayjs, { type Dayjs } from 'dayjs';
import 'dayjs/locale/fr';
import updateLocale from 'dayjs/plugin/updateLocale';
import { currentLanguage, dayjsLocale, i18next } from './i18n';

/**
 * dayjs set up for the portal: weeks start on Monday in both languages (docs/interface-conventions.md#dates-and-times) and the locale
 * follows the interface language. Import dayjs from here, not from 'dayjs', so the set-up is done.
 */
dayjs.extend(updateLocale);
dayjs.updateLocale('en', { weekStart: 1 });

const follow = () => {
  dayjs.locale(dayjsLocale(currentLanguage()));
};
follow();
i18next.on('languageChanged', follow);

/** An instant (an ISO date-time such as `2026-11-25T08:17:00.000Z`), as opposed to a calendar day. */
const isInstant = (value: string) => value.includes('T');

/**
 * DD/MM/YYYY, or '' for nothing or an invalid date. An instant (a document's creation, a sign-in) is
 * dated on the centre's calendar, like every time the portal shows (issue 18); a calendar day as it is.
 */
export function formatDate(value: string | Date | Dayjs | null | undefined): string {
  if (!value) return '';
  if (typeof value === 'string' && isInstant(value)) return formatCentreDate(value);
  const date = dayjs(value);
  return date.isValid() ? date.format(DATE_FORMAT) : '';
}

/** HH:mm of an instant on the centre's clocks, or '' for nothing or an invalid date. */
export function formatTime(value: string | null | undefined): string {
  return formatCentreTime(value);
}

/** DD/MM/YYYY HH:mm of an instant on the centre's clocks (docs/interface-conventions.md#dates-and-times, issue 18), or '' for an invalid date. */
export function formatDateTime(value: string | null | undefined): string {
  const date = formatCentreDate(value);
  return date ? `${date} ${formatCentreTime(value)}` : '';
}

/**
 * DD/MM/YYYY of an appointment's day at the centre: a visit at 00:30 in Paris is on that day even
 * for a device in New York, where it is still the day before.
 */
export function formatCentreDate(value: string | null | undefined): string {
  const clock = value ? centreWallClock(value) : null;
  return clock ? clock.date.split('-').reverse().join('/') : '';
}

/** HH:mm of an appointment on the centre's clocks (issue 18), whatever the device's time zone. */
export function formatCentreTime(value: string | null | undefined): string {
  return (value ? centreWallClock(value)?.time : undefined) ?? '';
}

/** Whether the device's clock is not the centre's, so that the times shown need "Paris time" beside them. */
export function deviceOutsideCentreZone(): boolean {
  return Intl.DateTimeFormat().resolvedOptions().timeZone !== CENTRE_TIME_ZONE;
}

/** ISO calendar date (YYYY-MM-DD) of a picked day, as the API takes it; null for none or invalid. */
export function toIsoDate(value: Dayjs | null): string | null {
  return value?.isValid() ? value.format('YYYY-MM-DD') : null;
}

export { dayjs };

import { HELPLINE_HOURS } from '@portail/contract/schemas/assistance';
import type { TFunction } from 'i18next';

/** The helpline's hours are the centre's, whatever the visitor's own time zone (docs/assistance.md#helpline). */
const CENTRE_TIME_ZONE = 'Europe/Paris';

export interface HelplineHours {
  /** ISO weekdays, 1 = Monday … 7 = Sunday. */
  firstDay: number;
  lastDay: number;
  /** `HH:mm`, Paris time. */
  opens: string;
  closes: string;
}

interface ClockTime {
  hour: number;
  minute: number;
}

/** `07:30` as hour and minute. */
function parseClock(value: string): ClockTime {
  const [hour = 0, minute = 0] = value.split(':').map(Number);
  return { hour, minute };
}

const minutesOf = ({ hour, minute }: ClockTime) => hour * 60 + minute;

const SHORT_WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];

const parisParts = new Intl.DateTimeFormat('en-US', {
  timeZone: CENTRE_TIME_ZONE,
  weekday: 'short',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** The ISO weekday (1 = Monday … 7 = Sunday) and the minutes since midnight of `date`, in Paris. */
export function parisClock(date: Date): { weekday: number; minutes: number } {
  const parts = parisParts.formatToParts(date);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((item) => item.type === type)?.value ?? '';
  return {
    weekday: SHORT_WEEKDAYS.indexOf(part('weekday')) + 1,
    minutes: Number(part('hour')) * 60 + Number(part('minute')),
  };
}

/** Whether the helpline answers at `date`: on its days, from the opening time up to (not at) closing. */
export function isHelplineOpen(date: Date, hours: HelplineHours = HELPLINE_HOURS): boolean {
  const { weekday, minutes } = parisClock(date);
  return (
    weekday >= hours.firstDay &&
    weekday <= hours.lastDay &&
    minutes >= minutesOf(parseClock(hours.opens)) &&
    minutes < minutesOf(parseClock(hours.closes))
  );
}

/** The name of an ISO weekday (1 = Monday) in `locale`, as Intl writes it (`lundi`, `Monday`). */
export function weekdayName(isoDay: number, locale: string): string {
  // 1 January 2024 was a Monday.
  return new Intl.DateTimeFormat(locale, { weekday: 'long', timeZone: 'UTC' }).format(
    new Date(Date.UTC(2024, 0, isoDay)),
  );
}

/** `7 h 30`, `18 h` in French; `7:30 am`, `6:00 pm` in English: the catalogue decides the form. */
function clockText(t: TFunction, value: string): string {
  const { hour, minute } = parseClock(value);
  return t(minute === 0 ? 'assistance.hours.timeOnTheHour' : 'assistance.hours.time', {
    hour,
    hour12: hour % 12 === 0 ? 12 : hour % 12,
    minute: String(minute).padStart(2, '0'),
    period: t(hour < 12 ? 'assistance.hours.am' : 'assistance.hours.pm'),
  });
}

/** "du lundi au vendredi, de 7 h 30 à 18 h" / "Monday to Friday, 7:30 am to 6:00 pm". */
export function helplineHoursText(
  t: TFunction,
  locale: string,
  hours: HelplineHours = HELPLINE_HOURS,
): string {
  return t('assistance.hours.range', {
    from: weekdayName(hours.firstDay, locale),
    to: weekdayName(hours.lastDay, locale),
    opens: clockText(t, hours.opens),
    closes: clockText(t, hours.closes),
  });
}

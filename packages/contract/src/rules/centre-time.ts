/**
 * The centre's clock (issue 18): appointment times are the centre's wall-clock times, whatever the
 * time zone of the device that shows them, and "today" is the day at the centre. The centre's
 * settings carry no zone: every centre of the portal is in metropolitan France.
 */
export const CENTRE_TIME_ZONE = 'Europe/Paris';

const clock = new Intl.DateTimeFormat('en-CA', {
  timeZone: CENTRE_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

/** What the centre's clocks show at an instant: the day (`YYYY-MM-DD`) and the time (`HH:mm`). */
export interface WallClock {
  date: string;
  time: string;
}

function partsAt(instant: Date): Record<string, string> {
  return Object.fromEntries(clock.formatToParts(instant).map((part) => [part.type, part.value]));
}

/** The centre's day and time at `instant`; null for an invalid date. */
export function centreWallClock(instant: Date | string): WallClock | null {
  const date = typeof instant === 'string' ? new Date(instant) : instant;
  if (Number.isNaN(date.getTime())) return null;
  const p = partsAt(date);
  return { date: `${p.year}-${p.month}-${p.day}`, time: `${p.hour}:${p.minute}` };
}

/** How far the centre's clocks are ahead of UTC at `instant`, in milliseconds (+1 h winter, +2 h summer). */
export function centreOffset(instant: Date): number {
  const p = partsAt(instant);
  const asUtc = Date.UTC(
    Number(p.year),
    Number(p.month) - 1,
    Number(p.day),
    Number(p.hour),
    Number(p.minute),
    Number(p.second),
  );
  return asUtc - Math.floor(instant.getTime() / 1000) * 1000;
}

/**
 * The instants a period of whole days at the centre covers (`YYYY-MM-DD`, both days included): from
 * midnight of `from` to midnight after `to`, in Paris time whatever the server's zone. Either may be absent.
 */
export function centreDaysRange(from?: string, to?: string): { start: Date | null; end: Date | null } {
  const after = (day: string) => {
    const date = new Date(`${day}T12:00:00Z`);
    date.setUTCDate(date.getUTCDate() + 1);
    return date.toISOString().slice(0, 10);
  };
  return {
    start: from ? centreInstant(from, 0) : null,
    end: to ? centreInstant(after(to), 0) : null,
  };
}

/**
 * The instant at which the centre's clocks show `date` (`YYYY-MM-DD`) at `hours:minutes`. The offset
 * is read twice: the first guess may fall on the other side of a daylight-saving change.
 */
export function centreInstant(date: string, hours: number, minutes = 0): Date {
  const [year = 0, month = 1, day = 1] = date.split('-').map(Number);
  const wall = Date.UTC(year, month - 1, day, hours, minutes);
  const guess = wall - centreOffset(new Date(wall));
  return new Date(wall - centreOffset(new Date(guess)));
}

/** Whether a device in `zone` (an IANA name, `Intl`'s resolved one) shows the centre's times as they are. */
export function isCentreTimeZone(zone: string | undefined): boolean {
  return zone === CENTRE_TIME_ZONE;
}

import { describe, expect, it } from 'vitest';
import { centreInstant, centreWallClock } from '../src/rules/centre-time';

describe('the centre’s clock (Europe/Paris)', () => {
  it.each([
    ['winter', '2026-01-15', '2026-01-15T06:30:00.000Z'],
    ['summer', '2026-07-15', '2026-07-15T05:30:00.000Z'],
    ['the day clocks go forward', '2026-03-29', '2026-03-29T05:30:00.000Z'],
    ['the day clocks go back', '2026-10-25', '2026-10-25T06:30:00.000Z'],
  ])('puts 07:30 at the centre in %s at the right instant', (_, day, instant) => {
    expect(centreInstant(day, 7, 30).toISOString()).toBe(instant);
    expect(centreWallClock(instant)).toEqual({ date: day, time: '07:30' });
  });

  it('reads the centre’s day, not the UTC one, just after midnight', () => {
    expect(centreWallClock('2026-03-19T23:30:00.000Z')).toEqual({ date: '2026-03-20', time: '00:30' });
    expect(centreWallClock('not a date')).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatTime } from './dates';

describe('times on the centre’s clocks (issue 18)', () => {
  it('shows an instant as Paris shows it, whatever the machine’s zone', () => {
    // 08:17 UTC in November is 09:17 in Paris (New York would say 03:17).
    expect(formatDateTime('2026-11-25T08:17:00.000Z')).toBe('25/11/2026 09:17');
    expect(formatTime('2026-11-25T08:17:00.000Z')).toBe('09:17');
    // Summer time: two hours ahead.
    expect(formatDateTime('2026-07-01T22:30:00.000Z')).toBe('02/07/2026 00:30');
  });

  it('dates an instant on the centre’s calendar and a calendar day as it is', () => {
    // 23:30 UTC on 24 November is already 25 November in Paris.
    expect(formatDate('2026-11-24T23:30:00.000Z')).toBe('25/11/2026');
    expect(formatDate('2026-11-24')).toBe('24/11/2026');
    expect(formatDate(null)).toBe('');
    expect(formatDateTime('not a date')).toBe('');
  });
});

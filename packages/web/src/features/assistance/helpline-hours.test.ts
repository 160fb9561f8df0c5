import { afterAll, describe, expect, it } from 'vitest';
import { changeLanguage, i18next } from '../../lib/i18n';
import { helplineHoursText, isHelplineOpen, parisClock, weekdayName } from './helpline-hours';

describe('isHelplineOpen (docs/assistance.md#helpline: Monday to Friday, 7:30 to 18:00, Paris time)', () => {
  // March 2026 is before the summer-time change: Paris is UTC+1.
  it.each([
    ['2026-03-18T09:00:00Z', 'a Wednesday at 10:00', true],
    ['2026-03-16T06:29:00Z', 'a Monday at 7:29, before opening', false],
    ['2026-03-16T06:30:00Z', 'a Monday at 7:30, opening', true],
    ['2026-03-20T16:59:00Z', 'a Friday at 17:59', true],
    ['2026-03-20T17:00:00Z', 'a Friday at 18:00, closing', false],
    ['2026-03-21T10:00:00Z', 'a Saturday at 11:00', false],
    ['2026-03-22T10:00:00Z', 'a Sunday at 11:00', false],
    ['2026-03-17T23:30:00Z', 'a Wednesday at 0:30', false],
  ])('%s (%s): %s', (iso, _when, open) => {
    expect(isHelplineOpen(new Date(iso))).toBe(open);
  });

  it('counts in Paris time, summer time included, whatever the clock of the device', () => {
    // 16:15 UTC on a Tuesday in July is 18:15 in Paris (UTC+2): closed.
    expect(isHelplineOpen(new Date('2026-07-07T16:15:00Z'))).toBe(false);
    // 05:45 UTC is 7:45 in Paris: open.
    expect(isHelplineOpen(new Date('2026-07-07T05:45:00Z'))).toBe(true);
    // 23:30 UTC on a Friday is already Saturday in Paris.
    expect(parisClock(new Date('2026-07-10T23:30:00Z'))).toEqual({ weekday: 6, minutes: 90 });
  });

  it('follows the hours it is given', () => {
    const saturdayMorning = { firstDay: 6, lastDay: 6, opens: '09:00', closes: '12:00' } as const;
    expect(isHelplineOpen(new Date('2026-03-21T08:00:00Z'), saturdayMorning)).toBe(true);
    expect(isHelplineOpen(new Date('2026-03-18T09:00:00Z'), saturdayMorning)).toBe(false);
  });
});

describe('helplineHoursText', () => {
  afterAll(() => changeLanguage('fr_FR', false));

  it('names the days through Intl in the interface language', () => {
    expect(weekdayName(1, 'fr')).toBe('lundi');
    expect(weekdayName(5, 'en')).toBe('Friday');
  });

  it('writes the hours in French, with no line break inside a time', () => {
    expect(helplineHoursText(i18next.getFixedT('fr_FR'), 'fr')).toBe(
      'du lundi au vendredi, de 7\u00a0h\u00a030 à 18\u00a0h',
    );
  });

  it('writes the hours in English', async () => {
    await changeLanguage('en_EN', false);
    expect(helplineHoursText(i18next.getFixedT('en_EN'), 'en')).toBe('Monday to Friday, 7:30 am to 6:00 pm');
  });
});

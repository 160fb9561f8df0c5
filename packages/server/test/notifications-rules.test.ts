import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { centreInstant } from '@portail/contract/rules/centre-time';
import { describe, expect, it } from 'vitest';
import { NOTIFICATION_EVENTS } from '../src/db/schema';
import { DOCUMENT_TYPE_SEEDS } from '../src/demo/catalogue';
import { appointmentEvent } from '../src/features/notifications/notification-record';
import { type NoticeEvent, noticeFor } from '../src/features/notifications/notification-texts';
import { outsideQuietHours } from '../src/features/notifications/quiet-hours';

/** Issue 23: notifications never leave between 21:00 and 08:00 in Paris, and never say anything medical. */
const paris = (day: string, hours: number, minutes = 0) => centreInstant(day, hours, minutes);

describe('quiet hours (21:00 to 08:00, Paris time)', () => {
  it.each([
    ['20:59 leaves at once', paris('2027-01-12', 20, 59), paris('2027-01-12', 20, 59)],
    ['21:00 waits for 08:00 the next morning', paris('2027-01-12', 21), paris('2027-01-13', 8)],
    ['23:30 waits for 08:00 the next morning', paris('2027-01-12', 23, 30), paris('2027-01-13', 8)],
    ['00:10 waits for 08:00 the same morning', paris('2027-01-13', 0, 10), paris('2027-01-13', 8)],
    ['07:59 waits for 08:00', paris('2027-01-13', 7, 59), paris('2027-01-13', 8)],
    ['08:00 leaves at once', paris('2027-01-13', 8), paris('2027-01-13', 8)],
    ['12:00 in summer leaves at once', paris('2027-07-13', 12), paris('2027-07-13', 12)],
  ])('%s', (_name, at, expected) => {
    expect(outsideQuietHours(at).toISOString()).toBe(expected.toISOString());
  });

  it('the night the clocks go forward (28 March 2027) ends at 08:00 summer time, 06:00 UTC', () => {
    expect(outsideQuietHours(paris('2027-03-27', 22)).toISOString()).toBe('2027-03-28T06:00:00.000Z');
    expect(outsideQuietHours(new Date('2027-03-28T01:30:00Z')).toISOString()).toBe(
      '2027-03-28T06:00:00.000Z',
    );
  });

  it('the night the clocks go back (31 October 2027) ends at 08:00 winter time, 07:00 UTC', () => {
    expect(outsideQuietHours(paris('2027-10-30', 21, 15)).toISOString()).toBe('2027-10-31T07:00:00.000Z');
    // 02:30 happens twice that night: both are quiet, both wait for 08:00.
    expect(outsideQuietHours(new Date('2027-10-31T00:30:00Z')).toISOString()).toBe(
      '2027-10-31T07:00:00.000Z',
    );
    expect(outsideQuietHours(new Date('2027-10-31T01:30:00Z')).toISOString()).toBe(
      '2027-10-31T07:00:00.000Z',
    );
  });

  it('20:59 on the evening before each change still leaves at once', () => {
    for (const day of ['2027-03-27', '2027-10-30']) {
      const at = paris(day, 20, 59);
      expect(outsideQuietHours(at).getTime()).toBe(at.getTime());
    }
  });
});

describe('what a write of an appointment tells', () => {
  const now = new Date('2027-01-10T10:00:00Z');
  const later = new Date('2027-01-20T09:00:00Z');
  const other = new Date('2027-01-21T09:00:00Z');
  it.each([
    ['a new booking in the future is BOOKED', null, { startsAt: later, cancelled: false }, 'BOOKED'],
    [
      'a booking in the past is nothing',
      null,
      { startsAt: new Date('2027-01-01T09:00:00Z'), cancelled: false },
      null,
    ],
    [
      'a new start is MOVED',
      { startsAt: later, cancelled: false },
      { startsAt: other, cancelled: false },
      'MOVED',
    ],
    [
      'the same start is nothing',
      { startsAt: later, cancelled: false },
      { startsAt: later, cancelled: false },
      null,
    ],
    [
      'a cancellation is CANCELLED',
      { startsAt: later, cancelled: false },
      { startsAt: later, cancelled: true },
      'CANCELLED',
    ],
    [
      'a cancelled one booked again is BOOKED',
      { startsAt: later, cancelled: true },
      { startsAt: other, cancelled: false },
      'BOOKED',
    ],
    ['a visit to plan (no start) is nothing', null, { startsAt: null, cancelled: false }, null],
  ] as const)('%s', (_name, before, after, expected) => {
    expect(appointmentEvent(before, after, now)?.event ?? null).toBe(expected);
  });
});

/**
 * Words that would tell what a document or an appointment is about: the demo's document types, the
 * categories, the physicians' specialities, usual purposes of appointments and results.
 */
const FORBIDDEN = [
  ...DOCUMENT_TYPE_SEEDS.flatMap((type) => [type.label, type.labelEn]),
  'résultat',
  'result',
  'analyse',
  'analysis',
  'biolog',
  'gynéco',
  'gyneco',
  'cardio',
  'bilan sanguin',
  'blood',
  'mammo',
  'ostéo',
  'osteo',
  'médecin',
  'physician',
  'doctor',
  'docteur',
  'consultation',
  'imagerie',
  'imaging',
  'examen',
  'diagnos',
  'santé',
  'health',
  'courrier',
  'compte rendu',
  'visite',
  'visit',
  'check-up',
];

describe('the words of notifications', () => {
  const portal = { productName: 'Portail Bilans', publicUrl: 'https://portail.example.fr' };
  const at = new Date('2027-02-03T08:30:00Z');
  const groups: NoticeEvent[][] = [
    ...NOTIFICATION_EVENTS.map((event) => [{ event, at }]),
    Array.from({ length: 10 }, () => ({ event: 'DOCUMENT' as const, at: null })),
    NOTIFICATION_EVENTS.map((event) => ({ event, at })),
  ];

  it.each(['fr', 'en'] as const)('carry no medical word, in %s, for every event and group', (language) => {
    for (const events of groups) {
      const notice = noticeFor(language, events, portal);
      expect(notice).not.toBeNull();
      const text = `${notice?.subject}\n${notice?.mail}\n${notice?.sms}`.toLowerCase();
      for (const word of FORBIDDEN)
        expect(text, `"${word}" in ${language}`).not.toContain(word.toLowerCase());
    }
  });

  it('count ten documents in one sentence, in the account language', () => {
    const ten = Array.from({ length: 10 }, () => ({ event: 'DOCUMENT' as const, at: null }));
    expect(noticeFor('fr', ten, portal)?.mail).toContain(
      '10 nouveaux documents sont disponibles dans votre espace.',
    );
    expect(noticeFor('en', ten, portal)?.mail).toContain('10 new documents are available in your space.');
    expect(noticeFor('fr', ten, portal)?.mail).toContain('https://portail.example.fr/home');
  });

  it('tell an appointment by its Paris date and time only, with the link to the appointments', () => {
    const notice = noticeFor('fr', [{ event: 'BOOKED', at }], portal);
    expect(notice?.mail).toContain('Un rendez-vous au centre est prévu le 03/02/2027 à 09h30.');
    expect(notice?.mail).toContain('https://portail.example.fr/participant/mesrendezvous');
    expect(noticeFor('en', [{ event: 'REMINDER', at }], portal)?.sms).toContain('03/02/2027 at 09:30');
  });

  it.each(['fr', 'en'] as const)(
    'go on in lower case after the product name, in %s, whatever comes first',
    (language) => {
      const lead = language === 'fr' ? 'Portail Bilans : ' : 'Portail Bilans: ';
      for (const events of [...groups, [{ event: 'DOCUMENT' as const, at: null }]]) {
        const notice = noticeFor(language, events, portal);
        for (const line of [notice?.sms ?? '', notice?.subject ?? '']) {
          expect(line.startsWith(lead), line).toBe(true);
          expect(line.charAt(lead.length), line).toMatch(/[a-zà-ÿ0-9]/);
        }
      }
      expect(noticeFor('fr', [{ event: 'DOCUMENT', at: null }], portal)?.sms).toBe(
        'Portail Bilans : un nouveau document est disponible dans votre espace. https://portail.example.fr/home',
      );
    },
  );

  it.each([
    ['fr', 'fr_FR.json'],
    ['en', 'en_EN.json'],
  ] as const)('name the screen and the tab as the %s screen does', (language, file) => {
    const catalogue = JSON.parse(
      readFileSync(resolve(import.meta.dirname, '../../web/src/i18n', file), 'utf8'),
    ) as { routes: { myDetails: string }; account: { tabs: { notifications: string } } };
    const mail = noticeFor(language, [{ event: 'DOCUMENT', at: null }], portal)?.mail ?? '';
    const [open, close] = language === 'fr' ? ['« ', ' »'] : ['“', '”'];
    expect(mail).toContain(`${open}${catalogue.routes.myDetails}${close}`);
    expect(mail).toContain(`${open}${catalogue.account.tabs.notifications}${close}`);
  });
});

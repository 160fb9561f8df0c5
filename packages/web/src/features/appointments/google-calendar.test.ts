import { describe, expect, it } from 'vitest';
import { type EventPlace, googleCalendarUrl } from './google-calendar';

const centre: EventPlace = {
  nom: 'Centre de Lyon',
  adresse: { rue: '12 quai Perrache', codePostal: '69002', ville: 'Lyon', pays: 'France' },
};

const row = {
  id: 4,
  idVisite: 9,
  objet: 'Consultation médicale',
  objetEn: 'Medical consultation',
  debut: '2026-03-20T08:30:00.000Z',
  fin: '2026-03-20T09:30:00.000Z',
  bilanEnCours: true,
  cardiologue: 'Dr A',
  interniste: null,
  gynecologue: null,
  statut: 'Confirmé',
  statutEn: 'Confirmed',
};

describe('googleCalendarUrl', () => {
  it('gives the purpose, the UTC times, the centre and the details', () => {
    const url = new URL(googleCalendarUrl(row, 'Cardiologue : Dr A', centre));
    expect(`${url.origin}${url.pathname}`).toBe('https://calendar.google.com/calendar/render');
    expect(url.searchParams.get('action')).toBe('TEMPLATE');
    expect(url.searchParams.get('text')).toBe('Consultation médicale');
    expect(url.searchParams.get('dates')).toBe('20260320T083000Z/20260320T093000Z');
    expect(url.searchParams.get('location')).toBe('Centre de Lyon, 12 quai Perrache, 69002 Lyon, France');
    expect(url.searchParams.get('details')).toBe('Cardiologue : Dr A');
  });

  it('names the event in English for an English interface', () => {
    const url = new URL(googleCalendarUrl(row, '', centre, true));
    expect(url.searchParams.get('text')).toBe('Medical consultation');
  });

  it('leaves the details out when there are no physicians', () => {
    expect(new URL(googleCalendarUrl(row, '', centre)).searchParams.has('details')).toBe(false);
  });
});

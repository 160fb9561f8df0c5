import { CENTRE } from '@portail/contract/constants';
import { describe, expect, it } from 'vitest';
import { googleCalendarUrl } from './google-calendar';

const row = {
  id: 4,
  idVisite: 9,
  objet: 'Consultation médicale',
  debut: '2026-03-20T08:30:00.000Z',
  fin: '2026-03-20T09:30:00.000Z',
  bilanEnCours: true,
  cardiologue: 'Dr A',
  interniste: null,
  gynecologue: null,
  statut: 'Confirmé',
};

describe('googleCalendarUrl', () => {
  it('gives the purpose, the UTC times, the centre and the details', () => {
    const url = new URL(googleCalendarUrl(row, 'Cardiologue : Dr A'));
    expect(`${url.origin}${url.pathname}`).toBe('https://calendar.google.com/calendar/render');
    expect(url.searchParams.get('action')).toBe('TEMPLATE');
    expect(url.searchParams.get('text')).toBe('Consultation médicale');
    expect(url.searchParams.get('dates')).toBe('20260320T083000Z/20260320T093000Z');
    expect(url.searchParams.get('location')).toContain(CENTRE.address.street);
    expect(url.searchParams.get('details')).toBe('Cardiologue : Dr A');
  });

  it('leaves the details out when there are no physicians', () => {
    expect(new URL(googleCalendarUrl(row, '')).searchParams.has('details')).toBe(false);
  });
});

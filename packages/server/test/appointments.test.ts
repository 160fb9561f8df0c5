import { appointmentListReply } from '@portail/contract/schemas/appointments';
import { errorReply } from '@portail/contract/schemas/common';
import { asc, desc, eq, ne } from 'drizzle-orm';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appointments, users } from '../src/db/schema';
import type { AppointmentRecord } from '../src/features/appointments/appointment.queries';
import { appointmentIcs } from '../src/features/appointments/appointment-ics';
import { centreToday } from '../src/lib/dates';
import { createTestContext, type TestContext } from './helper';
import { headersOf } from './participants-fixtures';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx.close());

async function get(
  url: string,
  login = 'participant.dmc',
  kind: 'participant' | 'correspondant' | 'staff' = 'participant',
) {
  return ctx.app.inject({ method: 'GET', url, headers: await headersOf(ctx, login, kind) });
}

async function participantIdOf(login: string): Promise<number> {
  const [user] = await ctx.database.db.select().from(users).where(eq(users.login, login));
  if (!user?.participantId) throw new Error(`no participant account ${login}`);
  return user.participantId;
}

/** The properties of an iCalendar text's VEVENT (RFC 5545 §3.1 unfolding, §3.3.11 unescaping). */
function veventOf(text: string): Record<string, string> {
  const lines = text.replace(/\r\n[ \t]/g, '').split('\r\n');
  const begin = lines.indexOf('BEGIN:VEVENT');
  const end = lines.indexOf('END:VEVENT');
  expect(begin).toBeGreaterThanOrEqual(0);
  expect(end).toBeGreaterThan(begin);
  const fields: Record<string, string> = {};
  for (const line of lines.slice(begin + 1, end)) {
    const colon = line.indexOf(':');
    const name = line.slice(0, colon).split(';')[0] ?? '';
    fields[name] = line
      .slice(colon + 1)
      .replace(/\\n/gi, '\n')
      .replace(/\\([,;\\])/g, '$1');
  }
  return fields;
}

/** The event of a calendar file as ical.js (Thunderbird's parser) reads it; it throws on invalid text. */
function parsedEvent(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  const vevent = calendar.getFirstSubcomponent('vevent');
  if (!vevent) throw new Error('no VEVENT');
  const event = new ICAL.Event(vevent);
  const organizer = vevent.getFirstProperty('organizer');
  if (!organizer) throw new Error('no ORGANIZER');
  return {
    summary: event.summary,
    location: event.location,
    start: event.startDate.toJSDate().toISOString(),
    end: event.endDate.toJSDate().toISOString(),
    organizer: { address: String(organizer.getFirstValue()), cn: organizer.getParameter('cn') },
  };
}

const icsDate = (date: Date) => `${date.toISOString().replace(/[-:]/g, '').slice(0, 15)}Z`;

describe('GET /api/participant/rdvs-participant', () => {
  it('lists the caller’s appointments newest first, 15 a page, and pages on', async () => {
    const participantId = await participantIdOf('participant.dmc');
    const stored = await ctx.database.db
      .select()
      .from(appointments)
      .where(eq(appointments.participantId, participantId))
      .orderBy(desc(appointments.startsAt), desc(appointments.id));
    expect(stored.length).toBeGreaterThan(0);
    const reply = await get('/api/participant/rdvs-participant');
    expect(reply.statusCode).toBe(200);
    const body = appointmentListReply.parse(reply.json());
    expect(body.totalRows).toBe(stored.length);
    expect(body.subTotal).toBe(Math.min(15, stored.length));
    expect(body.items.map((item) => item.id)).toEqual(stored.slice(0, 15).map((row) => row.id));
    const first = stored[0];
    expect(body.items[0]).toEqual({
      id: first?.id,
      idVisite: first?.visitId,
      objet: first?.purpose,
      objetEn: first?.purposeEn,
      debut: first?.startsAt.toISOString(),
      fin: first?.endsAt.toISOString(),
      bilanEnCours: first?.checkupInProgress,
      cardiologue: first?.cardiologist,
      interniste: first?.internist,
      gynecologue: first?.gynecologist,
      statut: first?.status,
      statutEn: first?.statusEn,
    });
    // Issue 18: the demo's back office gives the English wording too.
    expect(first?.purposeEn).toBeTruthy();
    expect(first?.statusEn).not.toBe(first?.status);
    const ascending = appointmentListReply.parse(
      (await get('/api/participant/rdvs-participant?sort=debut,ASC&size=2&page=1')).json(),
    );
    expect(ascending.items.map((item) => item.id)).toEqual(
      [...stored]
        .reverse()
        .slice(2, 4)
        .map((row) => row.id),
    );
  });

  it('lists the upcoming ones soonest first and the past ones newest first, each with its own pages', async () => {
    const participantId = await participantIdOf('participant.dmc');
    const stored = await ctx.database.db
      .select()
      .from(appointments)
      .where(eq(appointments.participantId, participantId))
      .orderBy(asc(appointments.startsAt), asc(appointments.id));
    const now = Date.now();
    const upcoming = stored.filter((row) => row.startsAt.getTime() >= now);
    const past = stored.filter((row) => row.startsAt.getTime() < now).reverse();
    // The demo shows both halves (the screen's two sections).
    expect(upcoming.length).toBeGreaterThan(0);
    expect(past.length).toBeGreaterThan(0);
    const ahead = appointmentListReply.parse(
      (await get('/api/participant/rdvs-participant?quand=avenir')).json(),
    );
    expect(ahead.totalRows).toBe(upcoming.length);
    expect(ahead.items.map((item) => item.id)).toEqual(upcoming.slice(0, 15).map((row) => row.id));
    const behind = appointmentListReply.parse(
      (await get('/api/participant/rdvs-participant?quand=passe&size=2&page=1')).json(),
    );
    expect(behind.totalRows).toBe(past.length);
    expect(behind.items.map((item) => item.id)).toEqual(past.slice(2, 4).map((row) => row.id));
    // An explicit sort still applies within one half.
    const latestFirst = appointmentListReply.parse(
      (await get('/api/participant/rdvs-participant?quand=avenir&sort=debut,DESC')).json(),
    );
    expect(latestFirst.items.map((item) => item.id)).toEqual(
      [...upcoming]
        .reverse()
        .slice(0, 15)
        .map((row) => row.id),
    );
  });

  it('refuses an unknown `quand`', async () => {
    for (const query of ['quand=demain', 'quand=', 'quand=AVENIR']) {
      const reply = await get(`/api/participant/rdvs-participant?${query}`);
      expect(reply.statusCode, query).toBe(400);
      expect(errorReply.parse(reply.json()).fieldErrors?.[0]?.field, query).toBe('quand');
    }
  });

  it('refuses another sort field and a malformed page', async () => {
    for (const query of ['sort=objet,ASC', 'sort=debut', 'page=-1', 'size=0']) {
      const reply = await get(`/api/participant/rdvs-participant?${query}`);
      expect(reply.statusCode, query).toBe(400);
      expect(errorReply.parse(reply.json()).fieldErrors?.length, query).toBeGreaterThan(0);
    }
  });

  it('answers an empty list to a participant without appointments', async () => {
    const body = appointmentListReply.parse(
      (await get('/api/participant/rdvs-participant', 'participant.test1')).json(),
    );
    expect(body).toEqual({ items: [], totalRows: 0, subTotal: 0 });
  });

  it.each([
    ['corr.etablissement', 'correspondant'],
    ['admin', 'staff'],
  ] as const)('is refused to %s', async (login, kind) => {
    expect((await get('/api/participant/rdvs-participant', login, kind)).statusCode).toBe(403);
  });
});

describe('GET /api/participant/rdvs-participant/{id}/ics', () => {
  it('gives an appointment as a calendar file with its purpose, UTC times, the centre and the physicians', async () => {
    const participantId = await participantIdOf('participant.dmc');
    const [row] = await ctx.database.db
      .select()
      .from(appointments)
      .where(eq(appointments.participantId, participantId))
      .orderBy(asc(appointments.id))
      .limit(1);
    if (!row) throw new Error('participant.dmc has no appointment');
    const reply = await get(`/api/participant/rdvs-participant/${row.id}/ics`);
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['content-type']).toBe('text/calendar; charset=utf-8');
    // Named as the list shows it, on the centre's day, never by the record's id.
    const day = centreToday(row.startsAt);
    expect(reply.headers['content-disposition']).toBe(
      `attachment; filename="Rendez-vous ${day}.ics"; filename*=UTF-8''Rendez-vous%20${day}.ics`,
    );
    expect(reply.headers['cache-control']).toBe('no-store');
    expect(reply.body.startsWith('BEGIN:VCALENDAR\r\n')).toBe(true);
    const event = veventOf(reply.body);
    expect(event.SUMMARY).toBe(row.purpose);
    expect(event.DTSTART).toBe(icsDate(row.startsAt));
    expect(event.DTEND).toBe(icsDate(row.endsAt));
    expect(event.UID).toBe(`rdv-${row.id}@portail-bilans.example.com`);
    const centre = ctx.config.centre;
    expect(event.LOCATION).toContain(centre.nom);
    expect(event.LOCATION).toContain(`${centre.adresse.codePostal} ${centre.adresse.ville}`);
    expect(event.GEO).toBe(`${centre.latitude};${centre.longitude}`);
    for (const doctor of [row.cardiologist, row.internist, row.gynecologist].filter(Boolean))
      expect(event.DESCRIPTION).toContain(doctor);
    // The same appointment twice is the same event.
    const again = veventOf((await get(`/api/participant/rdvs-participant/${row.id}/ics`)).body);
    expect(again.UID).toBe(event.UID);
  });

  it('is valid RFC 5545 for a published parser (ical.js): event, organizer, location, start and end', async () => {
    const participantId = await participantIdOf('participant.dmc');
    const [row] = await ctx.database.db
      .select()
      .from(appointments)
      .where(eq(appointments.participantId, participantId))
      .limit(1);
    if (!row) throw new Error('participant.dmc has no appointment');
    const reply = await get(`/api/participant/rdvs-participant/${row.id}/ics`);
    expect(reply.statusCode).toBe(200);
    const event = parsedEvent(reply.body);
    const centre = ctx.config.centre;
    const appointmentsMail = centre.contacts.find((c) => c.service === 'rendezVous')?.email;
    expect(appointmentsMail).toBeDefined();
    // URI schemes are case-insensitive (RFC 3986 §3.1): the library writes MAILTO.
    expect(event.organizer.address.replace(/^mailto:/i, 'mailto:')).toBe(`mailto:${appointmentsMail}`);
    expect(event.organizer.cn).toBe(centre.nom);
    expect(event.location).toContain(centre.nom);
    expect(event.location).toContain(centre.adresse.ville);
    expect(event.summary).toBe(row.purpose);
    expect([event.start, event.end]).toEqual([row.startsAt.toISOString(), row.endsAt.toISOString()]);
  });

  it('quotes a centre name with quotes, separators and a caret as RFC 6868 asks', () => {
    const name = 'Centre "Santé"; Lyon: Nord, ^2';
    const centre = { ...ctx.config.centre, nom: name };
    const row: AppointmentRecord = {
      id: 7,
      visitId: null,
      checkupInProgress: false,
      status: 'CONFIRME',
      statusEn: null,
      purpose: 'Bilan',
      purposeEn: null,
      startsAt: new Date('2026-03-20T08:00:00Z'),
      endsAt: new Date('2026-03-20T11:30:00Z'),
      cardiologist: null,
      internist: null,
      gynecologist: null,
    };
    const event = parsedEvent(appointmentIcs(row, centre, 'fr_FR'));
    expect(event.organizer.cn).toBe(name);
    expect(event.organizer.address.toLowerCase()).toMatch(/^mailto:[^@\s]+@[^@\s]+$/);
    expect(event.location.startsWith(name)).toBe(true);
    expect([event.start, event.end]).toEqual([row.startsAt.toISOString(), row.endsAt.toISOString()]);
  });

  it('titles the event in English for an English-only reader, in French when no English is known', () => {
    const row: AppointmentRecord = {
      id: 8,
      visitId: null,
      checkupInProgress: true,
      status: 'Confirmé',
      statusEn: 'Confirmed',
      purpose: 'Consultation médicale',
      purposeEn: 'Medical consultation',
      startsAt: new Date('2026-03-20T08:00:00Z'),
      endsAt: new Date('2026-03-20T09:00:00Z'),
      cardiologist: null,
      internist: null,
      gynecologist: null,
    };
    const centre = ctx.config.centre;
    expect(parsedEvent(appointmentIcs(row, centre, 'en_EN')).summary).toBe('Medical consultation');
    expect(parsedEvent(appointmentIcs(row, centre, 'fr_FR')).summary).toBe('Consultation médicale');
    expect(parsedEvent(appointmentIcs({ ...row, purposeEn: null }, centre, 'en_EN')).summary).toBe(
      'Consultation médicale',
    );
  });

  it('answers 404 for another participant’s appointment and for an unknown one', async () => {
    const participantId = await participantIdOf('participant.dmc');
    const [other] = await ctx.database.db
      .select({ id: appointments.id })
      .from(appointments)
      .where(ne(appointments.participantId, participantId))
      .limit(1);
    expect(other).toBeDefined();
    for (const id of [other?.id, 999_999]) {
      const reply = await get(`/api/participant/rdvs-participant/${id}/ics`);
      expect(reply.statusCode, String(id)).toBe(404);
      expect(reply.body).not.toContain('VCALENDAR');
    }
  });

  it.each([
    ['corr.etablissement', 'correspondant'],
    ['admin', 'staff'],
  ] as const)('is refused to %s', async (login, kind) => {
    expect((await get('/api/participant/rdvs-participant/1/ics', login, kind)).statusCode).toBe(403);
  });
});

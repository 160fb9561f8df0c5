import { centreWallClock } from '@portail/contract/rules/centre-time';
import { appointmentListReply } from '@portail/contract/schemas/appointments';
import { and, eq } from 'drizzle-orm';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appointments, users, visits } from '../src/db/schema';
import { createTestContext, type TestContext } from './helper';
import { headersOf } from './participants-fixtures';

let ctx: TestContext;
let participantId: number;
beforeAll(async () => {
  ctx = await createTestContext();
  const [user] = await ctx.database.db.select().from(users).where(eq(users.login, 'participant.dmc'));
  if (!user?.participantId) throw new Error('no participant.dmc');
  participantId = user.participantId;
});
afterAll(async () => ctx.close());

async function get(url: string) {
  return ctx.app.inject({
    method: 'GET',
    url,
    headers: await headersOf(ctx, 'participant.dmc', 'participant'),
  });
}

/** Paris wall clock, written independently of the code under test. */
const paris = new Intl.DateTimeFormat('fr-FR', {
  timeZone: 'Europe/Paris',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** The start of the calendar file's event as ical.js (Thunderbird's parser) reads it. */
function parsedStart(text: string): Date {
  const vevent = new ICAL.Component(ICAL.parse(text)).getFirstSubcomponent('vevent');
  if (!vevent) throw new Error('no VEVENT');
  return new ICAL.Event(vevent).startDate.toJSDate();
}

async function storeAppointment(startsAt: string): Promise<number> {
  const start = new Date(startsAt);
  const [row] = await ctx.database.db
    .insert(appointments)
    .values({
      participantId,
      purpose: 'Visite de contrôle',
      startsAt: start,
      endsAt: new Date(start.getTime() + 3_600_000),
      status: 'Confirmé',
    })
    .returning({ id: appointments.id });
  if (!row) throw new Error('not stored');
  return row.id;
}

describe('appointment times are the centre’s (Europe/Paris)', () => {
  it('puts the demo’s first visit at 07:30 at the centre', async () => {
    const [first] = await ctx.database.db
      .select({ startsAt: appointments.startsAt })
      .from(appointments)
      .innerJoin(visits, eq(visits.id, appointments.visitId))
      .where(and(eq(appointments.participantId, participantId), eq(visits.visitOrder, 1)));
    if (!first) throw new Error('participant.dmc has no first visit');
    expect(paris.format(first.startsAt)).toMatch(/ 07:30$/);
  });

  it.each([
    ['winter', '2026-01-15T06:30:00.000Z', '15/01/2026 07:30', '2026-01-15'],
    ['summer', '2026-07-15T05:30:00.000Z', '15/07/2026 07:30', '2026-07-15'],
    ['just after midnight at the centre', '2026-03-19T23:30:00.000Z', '20/03/2026 00:30', '2026-03-20'],
  ])(
    'gives a %s appointment in the list and in the .ics at the time the screen shows',
    async (_, instant, shown, day) => {
      const id = await storeAppointment(instant);
      const list = appointmentListReply.parse(
        (await get('/api/participant/rdvs-participant?size=100')).json(),
      );
      const row = list.items.find((item) => item.id === id);
      if (!row) throw new Error('not listed');
      // What the screen prints: the centre's day and time of the served instant.
      const clock = centreWallClock(row.debut);
      expect(clock && `${clock.date.split('-').reverse().join('/')} ${clock.time}`).toBe(shown);
      const reply = await get(`/api/participant/rdvs-participant/${id}/ics`);
      expect(reply.statusCode).toBe(200);
      expect(paris.format(parsedStart(reply.body))).toBe(shown);
      expect(reply.headers['content-disposition']).toBe(
        `attachment; filename="Rendez-vous ${day}.ics"; filename*=UTF-8''Rendez-vous%20${day}.ics`,
      );
    },
  );
});

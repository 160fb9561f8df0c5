import type { Appointment } from '@medplum/fhirtypes';
import { portalCodeSystem } from '@portail/contract/integration/fhir';
import { centreWallClock } from '@portail/contract/rules/centre-time';
import type { Client } from 'fhir-kit-client';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { TestContext } from './helper';
import { act, establishmentOf, MAIN, newParticipant, OTHER, requestTransfer } from './mutations-fixtures';
import {
  after,
  mailsTo,
  notificationsApp,
  pendingOf,
  quiet,
  round,
  textsTo,
  userOf,
} from './notifications-fixtures';

/**
 * Issue 23: an appointment booked, moved or cancelled is told by its date and time "at the centre"
 * only; 48 hours before it a reminder goes (by text message too, by default); correspondants are told of
 * the transfers of their scope.
 */
let ctx: TestContext;
let client: Client;
let dmc: Awaited<ReturnType<typeof userOf>>;

beforeAll(async () => {
  ({ ctx, client, dmc } = await notificationsApp(20, 'system/Appointment.cru system/Patient.r'));
}, 60_000);
afterAll(async () => ctx.close());
beforeEach(async () => quiet(ctx));

const HOUR = 3600_000;
/** Whole hours from now, on the minute (Paris shows the same minutes). */
const inHours = (hours: number) => new Date(Math.floor((Date.now() + hours * HOUR) / 60_000) * 60_000);

function booking(start: Date, status: 'booked' | 'cancelled' = 'booked', id?: string): Appointment {
  return {
    resourceType: 'Appointment',
    ...(id ? { id } : {}),
    status,
    description: 'Consultation de cardiologie',
    start: start.toISOString(),
    end: new Date(start.getTime() + HOUR).toISOString(),
    participant: [
      { actor: { reference: `Patient/${dmc.participantId}` }, status: 'accepted' },
      {
        type: [{ coding: [{ system: portalCodeSystem('specialite'), code: 'CARDIOLOGUE' }] }],
        actor: { display: 'Dr Martin' },
        status: 'accepted',
      },
    ],
  };
}

const book = async (start: Date) =>
  (await client.create({
    resourceType: 'Appointment',
    body: booking(start) as never,
  })) as unknown as Appointment;
const change = async (id: string, start: Date, status: 'booked' | 'cancelled' = 'booked') =>
  client.update({ resourceType: 'Appointment', id, body: booking(start, status, id) as never });

/** How a French notice names the instant (the demo's own appointments are told too: each test looks for its own). */
function stamp(at: Date): string {
  const clock = centreWallClock(at);
  const [year, month, day] = (clock?.date ?? '').split('-');
  return `${day}/${month}/${year} à ${clock?.time.replace(':', 'h')}`;
}
const remindersOf = (start: Date, texts: readonly { text: string }[]) =>
  texts.filter((entry) => /rappel/i.test(entry.text) && entry.text.includes(stamp(start)));

const FORBIDDEN = ['cardio', 'martin', 'consultation', 'dr '];
const told = (at: Date) => {
  const all = [
    ...mailsTo(ctx, dmc.email).map((m) => `${m.subject} ${m.text}`),
    ...textsTo(ctx, dmc.mobile).map((t) => t.text),
  ];
  for (const text of all) for (const word of FORBIDDEN) expect(text.toLowerCase()).not.toContain(word);
  return { mails: mailsTo(ctx, dmc.email), texts: textsTo(ctx, dmc.mobile), at };
};

describe('appointments', () => {
  it('a booking five days ahead is told by mail with its date and time only; 48 hours before, the reminder goes by mail and text', async () => {
    const start = inHours(24 * 5);
    const created = await book(start);
    expect((await pendingOf(ctx, [created.id ?? '']))[0]).toMatchObject({ event: 'BOOKED', userId: dmc.id });
    await round(ctx, after(new Date()));
    const booked = told(start);
    expect(booked.mails).toHaveLength(1);
    expect(booked.mails[0]?.text).toContain('Un rendez-vous au centre est prévu le');
    expect(booked.mails[0]?.text).toContain('/participant/mesrendezvous');
    // Appointments go by mail by default, not by text message.
    expect(booked.texts).toEqual([]);

    await quiet(ctx);
    await round(ctx, new Date(start.getTime() - 49 * HOUR));
    expect(remindersOf(start, mailsTo(ctx, dmc.email))).toEqual([]);
    await round(ctx, after(new Date(start.getTime() - 47 * HOUR)));
    const reminded = told(start);
    expect(remindersOf(start, reminded.mails)).toHaveLength(1);
    expect(remindersOf(start, reminded.texts)).toHaveLength(1);
    // Reminded once only.
    await quiet(ctx);
    await round(ctx, after(new Date(start.getTime() - 40 * HOUR)));
    expect(remindersOf(start, mailsTo(ctx, dmc.email))).toEqual([]);
  });

  it('a moved appointment is told, then reminded again for its new time', async () => {
    const start = inHours(24 * 6);
    const created = await book(start);
    const moved = new Date(start.getTime() + 24 * HOUR);
    await round(ctx, new Date(start.getTime() - 47 * HOUR + 3 * 60_000));
    await quiet(ctx);
    await change(created.id ?? '', moved);
    const events = (await pendingOf(ctx, [created.id ?? ''])).map((row) => row.event);
    expect(events).toContain('MOVED');
    await round(ctx, after(new Date()));
    expect(mailsTo(ctx, dmc.email)[0]?.text).toContain(`a été déplacé au ${stamp(moved)}`);
    await quiet(ctx);
    await round(ctx, after(new Date(moved.getTime() - 47 * HOUR)));
    expect(remindersOf(moved, mailsTo(ctx, dmc.email))).toHaveLength(1);
  });

  it('a cancelled appointment is told and never reminded', async () => {
    const start = inHours(24 * 7);
    const created = await book(start);
    await change(created.id ?? '', start, 'cancelled');
    await round(ctx, after(new Date()));
    const texts = mailsTo(ctx, dmc.email).map((mail) => mail.text);
    expect(texts.some((text) => text.includes('a été annulé'))).toBe(true);
    // The booking's notice, not yet sent when it was cancelled, says nothing of a booking that is gone.
    expect(texts.some((text) => text.includes('est prévu le'))).toBe(false);
    await quiet(ctx);
    await round(ctx, after(new Date(start.getTime() - 47 * HOUR)));
    expect(remindersOf(start, mailsTo(ctx, dmc.email))).toEqual([]);
  });

  it('an appointment booked less than 48 hours ahead gets its booking notice only', async () => {
    const start = inHours(30);
    await book(start);
    await round(ctx, after(new Date()));
    const mails = mailsTo(ctx, dmc.email);
    expect(mails.filter((mail) => mail.text.includes('est prévu le'))).toHaveLength(1);
    expect(remindersOf(start, mails)).toEqual([]);
    await quiet(ctx);
    await round(ctx, after(new Date(), 60));
    expect(remindersOf(start, mailsTo(ctx, dmc.email))).toEqual([]);
  });
});

describe('transfers', () => {
  it('the correspondants of both ends are told of a request and of its acceptance, never the one who acted', async () => {
    const main = await userOf(ctx, MAIN);
    const other = await userOf(ctx, OTHER);
    const participantId = await newParticipant(ctx);
    const id = await requestTransfer(ctx, participantId, await establishmentOf(ctx, OTHER));
    const requested = await pendingOf(ctx, [`mutation/${id}`]);
    expect(requested.map((row) => row.userId)).toContain(other.id);
    expect(requested.map((row) => row.userId)).not.toContain(main.id);
    await round(ctx, after(new Date()));
    const [mail] = mailsTo(ctx, other.email);
    expect(mail?.text).toContain('Un transfert qui concerne votre périmètre a été demandé.');
    expect(mail?.text).toContain('/mutation');
    expect(mailsTo(ctx, main.email)).toEqual([]);

    await quiet(ctx);
    expect((await act(ctx, id, 'accepter', OTHER)).statusCode).toBe(200);
    await round(ctx, after(new Date()));
    expect(mailsTo(ctx, main.email)[0]?.text).toContain('a été accepté');
    expect(mailsTo(ctx, other.email)).toEqual([]);
  });

  it('a transfer withdrawn by its requester is told to the destination', async () => {
    const other = await userOf(ctx, OTHER);
    const participantId = await newParticipant(ctx);
    const id = await requestTransfer(ctx, participantId, await establishmentOf(ctx, OTHER));
    await quiet(ctx);
    expect((await act(ctx, id, 'annuler', MAIN)).statusCode).toBe(200);
    await round(ctx, after(new Date()));
    expect(mailsTo(ctx, other.email)[0]?.text).toContain(
      'Un transfert qui concerne votre périmètre a été annulé.',
    );
  });
});

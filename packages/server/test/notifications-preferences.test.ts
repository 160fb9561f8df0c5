import { centreInstant } from '@portail/contract/rules/centre-time';
import { notificationPreferences as preferencesReply } from '@portail/contract/schemas/notifications';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { notificationPreferences, users } from '../src/db/schema';
import { headersOf, lastAuditOf } from './documents-fixtures';
import { createTestContext, type TestContext } from './helper';
import { mailsTo, publishDocuments, quiet, round, textsTo, userOf } from './notifications-fixtures';

/**
 * Issue 23: each person chooses, per kind and channel, what they are told, in "Mes coordonnées"; only
 * their own choices, only the kinds that concern them, a text message only with a mobile on file.
 */
let ctx: TestContext;
const URL = '/api/user/notifications';
const DAYTIME = centreInstant('2031-06-10', 10);

beforeAll(async () => {
  ctx = await createTestContext({ participants: 10 });
}, 60_000);
afterAll(async () => ctx.close());
beforeEach(async () => quiet(ctx));

const read = async (login: string, kind: 'participant' | 'correspondant' = 'participant') =>
  ctx.app.inject({ method: 'GET', url: URL, headers: await headersOf(ctx, login, kind) });
const save = async (login: string, payload: unknown, kind: 'participant' | 'correspondant' = 'participant') =>
  ctx.app.inject({
    method: 'PUT',
    url: URL,
    headers: await headersOf(ctx, login, kind),
    payload: payload as object,
  });
const enabledOf = (body: unknown) =>
  Object.fromEntries(preferencesReply.parse(body).choices.map((c) => [`${c.kind}:${c.channel}`, c.enabled]));

describe('GET /api/user/notifications', () => {
  it('a participant sees documents, appointments and reminders, with the defaults: every mail, text messages for reminders', async () => {
    const reply = await read('participant.dmc');
    expect(reply.statusCode, reply.body).toBe(200);
    expect(enabledOf(reply.json())).toEqual({
      'DOCUMENTS:MAIL': true,
      'DOCUMENTS:SMS': false,
      'APPOINTMENTS:MAIL': true,
      'APPOINTMENTS:SMS': false,
      'REMINDERS:MAIL': true,
      'REMINDERS:SMS': true,
    });
  });

  it('a correspondant sees the transfers, by mail', async () => {
    const reply = await read('corr.etablissement', 'correspondant');
    expect(reply.statusCode, reply.body).toBe(200);
    expect(enabledOf(reply.json())).toEqual({ 'TRANSFERS:MAIL': true });
  });

  it('answers the caller’s own choices whatever id the query names', async () => {
    const en = await userOf(ctx, 'participant.en');
    await ctx.database.db
      .insert(notificationPreferences)
      .values({ userId: en.id, kind: 'DOCUMENTS', channel: 'MAIL', enabled: false })
      .onConflictDoNothing();
    const reply = await ctx.app.inject({
      method: 'GET',
      url: `${URL}?userId=${en.id}&id=${en.id}`,
      headers: await headersOf(ctx, 'participant.dmc'),
    });
    expect(reply.statusCode, reply.body).toBe(200);
    expect(enabledOf(reply.json())['DOCUMENTS:MAIL']).toBe(true);
    await ctx.database.db.delete(notificationPreferences).where(eq(notificationPreferences.userId, en.id));
  });

  it('the centre’s staff have no notifications', async () => {
    const reply = await ctx.app.inject({
      method: 'GET',
      url: URL,
      headers: await headersOf(ctx, 'admin', 'staff'),
    });
    expect(reply.statusCode).toBe(403);
  });
});

describe('PUT /api/user/notifications', () => {
  it('saves the caller’s own choices, audited, and the next round honours them per channel', async () => {
    const dmc = await userOf(ctx, 'participant.dmc');
    const reply = await save('participant.dmc', {
      choices: [
        { kind: 'DOCUMENTS', channel: 'MAIL', enabled: false },
        { kind: 'DOCUMENTS', channel: 'SMS', enabled: true },
      ],
    });
    expect(reply.statusCode, reply.body).toBe(200);
    expect(enabledOf(reply.json())).toMatchObject({ 'DOCUMENTS:MAIL': false, 'DOCUMENTS:SMS': true });
    const audit = await lastAuditOf(ctx, dmc.id, 'NOTIFICATION_PREFERENCES_CHANGED');
    expect(audit?.details).toMatchObject({
      changed: expect.arrayContaining([expect.objectContaining({ kind: 'DOCUMENTS' })]),
    });

    await publishDocuments(ctx.database.db, dmc.participantId ?? 0, 2);
    await round(ctx, DAYTIME);
    expect(mailsTo(ctx, dmc.email)).toEqual([]);
    const [text] = textsTo(ctx, dmc.mobile);
    expect(text?.text).toContain('2 nouveaux documents sont disponibles dans votre espace.');

    await save('participant.dmc', {
      choices: [
        { kind: 'DOCUMENTS', channel: 'MAIL', enabled: true },
        { kind: 'DOCUMENTS', channel: 'SMS', enabled: false },
      ],
    });
  });

  it('ignores an id in the body: another user’s choices stay as they were', async () => {
    const other = await userOf(ctx, 'participant.en');
    const reply = await save('participant.dmc', {
      userId: other.id,
      choices: [{ kind: 'REMINDERS', channel: 'MAIL', enabled: false }],
    });
    expect(reply.statusCode, reply.body).toBe(200);
    const rows = await ctx.database.db
      .select()
      .from(notificationPreferences)
      .where(eq(notificationPreferences.userId, other.id));
    expect(rows).toEqual([]);
    await save('participant.dmc', { choices: [{ kind: 'REMINDERS', channel: 'MAIL', enabled: true }] });
  });

  it('refuses a kind that is not the caller’s, an unknown kind or channel, with translated keys', async () => {
    const transfers = await save('participant.dmc', {
      choices: [{ kind: 'TRANSFERS', channel: 'MAIL', enabled: true }],
    });
    expect(transfers.statusCode).toBe(400);
    expect(transfers.json()).toMatchObject({
      fieldErrors: [{ field: 'choices.0.kind', defaultMessage: 'notifications.errors.notYours' }],
    });
    const sms = await save(
      'corr.etablissement',
      { choices: [{ kind: 'TRANSFERS', channel: 'SMS', enabled: true }] },
      'correspondant',
    );
    expect(sms.statusCode).toBe(400);
    const unknown = await save('participant.dmc', {
      choices: [{ kind: 'RESULTS', channel: 'PIGEON', enabled: true }],
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ message: 'errors.validation' });
  });

  it('refuses a text message without a mobile on file, with a clear message', async () => {
    const sans = await userOf(ctx, 'participant.sansdmc');
    // Signed in first: the sign-in code goes to the mobile about to go.
    await headersOf(ctx, 'participant.sansdmc');
    await ctx.database.db.update(users).set({ mobile: null }).where(eq(users.id, sans.id));
    const reply = await save('participant.sansdmc', {
      choices: [{ kind: 'REMINDERS', channel: 'SMS', enabled: true }],
    });
    expect(reply.statusCode).toBe(400);
    expect(reply.json()).toMatchObject({
      fieldErrors: [{ field: 'choices.0.enabled', defaultMessage: 'notifications.errors.noMobile' }],
    });
    // And what it reads shows no text message on, whatever the defaults.
    expect(enabledOf((await read('participant.sansdmc')).json())['REMINDERS:SMS']).toBe(false);
  });
});

import { Writable } from 'node:stream';
import { errorReply } from '@portail/contract/schemas/common';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { accountTokens, users } from '../src/db/schema';
import { sendPasswordLink } from '../src/features/recovery/password-links';
import { createTestContext, passwordRequest, type TestContext } from './helper';
import { checkToken, lastMailTo, linkIn, requestResetLink, savePassword } from './recovery-fixtures';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx.close());

const deps = () => ({ db: ctx.database.db, config: ctx.config, notifier: ctx.notifier });

async function account(login: string) {
  const [row] = await ctx.database.db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(eq(users.login, login));
  if (!row?.email) throw new Error(`no user ${login} with an e-mail`);
  return { id: row.id, email: row.email };
}

function expectExpired(reply: { statusCode: number; json: () => unknown }) {
  expect(reply.statusCode).toBe(409);
  expect(errorReply.parse(reply.json()).ciemException?.messages).toEqual([
    { level: 'ERROR', errorCode: 'recovery.lienExpire' },
  ]);
}

describe('reset links are single use', () => {
  it('refuses a link once used: the check says false and a second save 409', async () => {
    const { token } = await requestResetLink(ctx, 'participant.test1@example.com');
    expect((await savePassword(ctx, 'reinitpassword', token, 'Brume#Falaise27')).statusCode).toBe(200);
    expect((await checkToken(ctx, token)).json()).toBe(false);
    expectExpired(await savePassword(ctx, 'reinitpassword', token, 'Autre#Falaise28'));
    // The second attempt changed nothing.
    expect((await passwordRequest(ctx.app, 'participant.test1', false, 'Brume#Falaise27')).statusCode).toBe(
      200,
    );
  });

  it('refuses an expired link', async () => {
    const { id } = await account('participant.test2');
    const { token } = await requestResetLink(ctx, 'participant.test2@example.com');
    await ctx.database.db
      .update(accountTokens)
      .set({ expiresAt: new Date(Date.now() - 60_000) })
      .where(eq(accountTokens.userId, id));
    expect((await checkToken(ctx, token)).json()).toBe(false);
    expectExpired(await savePassword(ctx, 'reinitpassword', token, 'Brume#Falaise27'));
  });

  it('spends the older link when a newer one is sent', async () => {
    const older = await requestResetLink(ctx, 'participant.test3@example.com');
    const newer = await requestResetLink(ctx, 'participant.test3@example.com');
    expect(newer.token).not.toBe(older.token);
    expect((await checkToken(ctx, older.token)).json()).toBe(false);
    expectExpired(await savePassword(ctx, 'reinitpassword', older.token, 'Brume#Falaise27'));
    expect((await checkToken(ctx, newer.token)).json()).toBe(true);
    expect((await savePassword(ctx, 'reinitpassword', newer.token, 'Brume#Falaise27')).statusCode).toBe(200);
  });

  it('lets exactly one of two concurrent saves with the same link through', async () => {
    const { token } = await requestResetLink(ctx, 'participant.test4@example.com');
    const replies = await Promise.all([
      savePassword(ctx, 'reinitpassword', token, 'Brume#Falaise27'),
      savePassword(ctx, 'reinitpassword', token, 'Autre#Falaise28'),
    ]);
    const statuses = replies.map((reply) => reply.statusCode).sort();
    expect(statuses).toEqual([200, 409]);
    const winner = replies[0]?.statusCode === 200 ? 'Brume#Falaise27' : 'Autre#Falaise28';
    expect((await passwordRequest(ctx.app, 'participant.test4', false, winner)).statusCode).toBe(200);
  });

  it('refuses unknown tokens', async () => {
    expect((await checkToken(ctx, 'a'.repeat(43))).json()).toBe(false);
    expectExpired(await savePassword(ctx, 'reinitpassword', 'a'.repeat(43), 'Brume#Falaise27'));
    expectExpired(await savePassword(ctx, 'savePassword', 'a'.repeat(43), 'Brume#Falaise27'));
  });
});

describe('each screen takes its own kind of link', () => {
  it('refuses a reset link on savePassword, leaving it usable on reinitpassword', async () => {
    const { token } = await requestResetLink(ctx, 'participant.test5@example.com');
    expectExpired(await savePassword(ctx, 'savePassword', token, 'Brume#Falaise27'));
    expect((await checkToken(ctx, token)).json()).toBe(true);
    expect((await savePassword(ctx, 'reinitpassword', token, 'Brume#Falaise27')).statusCode).toBe(200);
  });

  it('mails a change-password link that only savePassword takes', async () => {
    const { id, email } = await account('corr.coordonnees');
    expect(await sendPasswordLink(deps(), id, 'CHANGE_PASSWORD')).toBe(true);
    const mail = lastMailTo(ctx, email);
    const { link, token } = linkIn(mail);
    expect(link.startsWith(`${ctx.config.publicUrl}/user/changePassword?token=`)).toBe(true);
    expect(mail.text).toMatch(/1 heure/);
    expect((await checkToken(ctx, token)).json()).toBe(true);
    expectExpired(await savePassword(ctx, 'reinitpassword', token, 'Brume#Falaise27'));
    expect((await savePassword(ctx, 'savePassword', token, 'Brume#Falaise27')).statusCode).toBe(200);
    expect((await checkToken(ctx, token)).json()).toBe(false);
    expect((await passwordRequest(ctx.app, 'corr.coordonnees', true, 'Brume#Falaise27')).statusCode).toBe(
      200,
    );
  });

  it('sends nothing to an account without an e-mail address', async () => {
    const { id } = await account('participant.refus');
    await ctx.database.db.update(users).set({ email: null }).where(eq(users.id, id));
    const mails = ctx.notifier.mails.length;
    expect(await sendPasswordLink(deps(), id, 'RESET_PASSWORD')).toBe(false);
    expect(ctx.notifier.mails).toHaveLength(mails);
    const tokens = await ctx.database.db.select().from(accountTokens).where(eq(accountTokens.userId, id));
    expect(tokens).toHaveLength(0);
  });
});

describe('logs', () => {
  it('never keep a link token, an answer or a password (registration links included)', async () => {
    const lines: string[] = [];
    let token = '';
    const sink = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const app = await buildApp({
      config: ctx.config,
      database: ctx.database,
      notifier: ctx.notifier,
      logger: pino({ level: 'info' }, sink),
    });
    await app.ready();
    try {
      const logged = { ...ctx, app };
      ({ token } = await requestResetLink(logged, 'participant.dmc@example.com'));
      expect((await checkToken(logged, token)).json()).toBe(true);
      expect((await savePassword(logged, 'reinitpassword', token, 'Brume#Falaise27')).statusCode).toBe(200);
      expect((await checkToken(logged, token)).json()).toBe(false);
      // Registration links name their token in the query string too (docs/recovery.md#reset-link).
      await app.inject({ method: 'POST', url: '/api/registration/token?token=SecretRegistrationLink123' });
    } finally {
      await app.close();
    }
    const text = lines.join('\n');
    expect(text).toContain('/api/reinitpassword');
    expect(text).toContain('/api/resetPassword/token?token=…');
    expect(text).not.toContain(token);
    expect(text).toContain('/api/registration/token?token=…');
    expect(text).not.toContain('SecretRegistrationLink123');
    expect(text.toLowerCase()).not.toContain('paris');
    expect(text).not.toContain('Brume#Falaise27');
  });
});

import { sessionUser, tokenReply } from '@portail/contract/schemas/auth';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, oneTimeCodes, users } from '../src/db/schema';
import {
  clientAuth,
  createTestContext,
  passwordRequest,
  signIn,
  type TestContext,
  tokenRequest,
} from './helper';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx.close());

const principal = (headers: Record<string, string>) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/oauth/principal',
    headers,
    payload: { roleCorrespondant: false },
  });
const confirm = (headers: Record<string, string>, code: string) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/oauth/doubleAuthentification/confirmer-code',
    headers,
    payload: { code },
  });

describe('client authentication of /oauth/token', () => {
  it('refuses a missing or wrong client', async () => {
    const none = await tokenRequest(
      ctx.app,
      { grant_type: 'password', username: 'admin|P', password: 'x' },
      '',
    );
    expect(none.statusCode).toBe(401);
    expect(none.json()).toEqual({ error: 'invalid_client' });
    const wrong = await tokenRequest(
      ctx.app,
      { grant_type: 'password', username: 'admin|P', password: 'x' },
      `Basic ${Buffer.from('portail-web:nope').toString('base64')}`,
    );
    expect(wrong.statusCode).toBe(401);
  });

  it('answers invalid_request to a malformed body and unsupported_grant_type to another grant', async () => {
    const missing = await tokenRequest(ctx.app, { grant_type: 'password', username: 'admin|P' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ error: 'invalid_request' });
    const other = await tokenRequest(ctx.app, { grant_type: 'client_credentials' });
    expect(other.json()).toEqual({ error: 'unsupported_grant_type' });
    expect(clientAuth).toMatch(/^Basic /);
  });
});

describe('sign-in of each kind of account', () => {
  it('signs a correspondant in without a second step, with the scope flags', async () => {
    const reply = await passwordRequest(ctx.app, 'corr.etablissement', true);
    expect(reply.statusCode).toBe(200);
    const token = tokenReply.parse(reply.json());
    expect(token.confirmationRequise).toBe(false);
    expect(token.tel).toBe('');
    const user = sessionUser.parse(
      (await principal({ authorization: `Bearer ${token.access_token}` })).json(),
    );
    expect(user.authorities).toEqual([{ authority: 'ROLE_CORRESPONDANT' }]);
    expect(user.correspondantEtablissement).toBe(true);
    expect(user.correspondantEntreprise).toBe(false);
    expect(user.doubleAuthentificationConfirmee).toBe(true);
  });

  it('does not find a correspondant through the individual sign-in, nor a participant through the correspondant one', async () => {
    expect((await passwordRequest(ctx.app, 'corr.groupe', false)).json()).toEqual({
      error: 'invalid_grant',
      error_description: 'tentative.1',
    });
    expect((await passwordRequest(ctx.app, 'participant.en', true)).json().error_description).toBe(
      'tentative.1',
    );
  });

  it('signs an admin in and reports first and last connection', async () => {
    const first = await signIn(ctx, 'admin', 'staff');
    const user = sessionUser.parse((await principal(first.headers)).json());
    expect(user.authorities).toEqual([{ authority: 'ROLE_ADMIN' }]);
    expect(user.premiereConnexion).toBe(true);
    const second = await signIn(ctx, 'admin', 'staff');
    const again = sessionUser.parse((await principal(second.headers)).json());
    expect(again.premiereConnexion).toBe(false);
    expect(again.derniereConnexion).not.toBeNull();
  });

  it('sends a participant a 6-digit code and holds the session until it is confirmed', async () => {
    const reply = await passwordRequest(ctx.app, 'participant.dmc', false);
    const token = tokenReply.parse(reply.json());
    expect(token.confirmationRequise).toBe(true);
    expect(token.tel).toMatch(/^[•\s]+\d{2}$/);
    const headers = { authorization: `Bearer ${token.access_token}` };
    const code = ctx.notifier.lastCode();
    expect(code).toMatch(/^\d{6}$/);
    // Before the code, nothing personal: the masked number and the confirmation state (and the
    // language of the code screen), not the name, mail, full mobile or medical-record state.
    const pending = await principal(headers);
    expect(pending.statusCode).toBe(200);
    expect(pending.json()).toEqual({
      doubleAuthentificationConfirmee: false,
      tel: token.tel,
      anglaisUniquement: false,
    });
    // Nothing but principal, confirm and logout answers before the code.
    const blocked = await ctx.app.inject({
      method: 'POST',
      url: '/api/oauth/changePassword',
      headers,
      payload: { ancienMotDePasse: 'a', motDePasse: 'b' },
    });
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json().message).toBe('auth.confirmationRequired');
    // The code is stored hashed.
    const [stored] = await ctx.database.db.select().from(oneTimeCodes).orderBy(oneTimeCodes.id).limit(1);
    expect(stored?.codeHash).not.toContain(code);
    const ok = await confirm(headers, code);
    expect(ok.json()).toEqual({ ok: true, ciemException: { messages: [] } });
    const confirmed = sessionUser.parse((await principal(headers)).json());
    expect(confirmed.doubleAuthentificationConfirmee).toBe(true);
    expect(confirmed.dmcAccepte).toBe(true);
    expect(confirmed.tel).toBe(ctx.notifier.texts.at(-1)?.to);
    expect((await confirm(headers, code)).json().ciemException.messages[0].errorCode).toBe(
      'authConfirm.error.alreadyLogued',
    );
  });

  it('gives two warnings, then ends the session at the third wrong code', async () => {
    const token = tokenReply.parse((await passwordRequest(ctx.app, 'participant.en', false)).json());
    const headers = { authorization: `Bearer ${token.access_token}` };
    const right = ctx.notifier.lastCode();
    const wrong = right === '000000' ? '111111' : '000000';
    expect((await confirm(headers, wrong)).json()).toEqual({
      ok: false,
      ciemException: { messages: [{ level: 'WARN', errorCode: 'tentative.1' }] },
    });
    expect((await confirm(headers, wrong)).json().ciemException.messages).toEqual([
      { level: 'WARN', errorCode: 'tentative.2' },
    ]);
    expect((await confirm(headers, wrong)).json().ciemException.messages).toEqual([
      { level: 'ERROR', errorCode: 'tentative.3' },
    ]);
    expect((await principal(headers)).statusCode).toBe(401);
    expect((await confirm(headers, right)).statusCode).toBe(401);
  });

  it('ends the session when the code has expired', async () => {
    const token = tokenReply.parse((await passwordRequest(ctx.app, 'participant.sansdmc', false)).json());
    const headers = { authorization: `Bearer ${token.access_token}` };
    const code = ctx.notifier.lastCode();
    const [user] = await ctx.database.db.select().from(users).where(eq(users.login, 'participant.sansdmc'));
    await ctx.database.db
      .update(oneTimeCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(oneTimeCodes.userId, user?.id ?? 0));
    expect((await confirm(headers, code)).json().ciemException.messages).toEqual([
      { level: 'ERROR', errorCode: 'code.expired' },
    ]);
    expect((await principal(headers)).statusCode).toBe(401);
  });

  it('throttles a new code to one a minute, and the new code replaces the old one', async () => {
    const token = tokenReply.parse((await passwordRequest(ctx.app, 'participant.refus', false)).json());
    const headers = { authorization: `Bearer ${token.access_token}` };
    const first = ctx.notifier.lastCode();
    const resend = () =>
      ctx.app.inject({ method: 'POST', url: '/api/oauth/doubleAuthentification/renvoyer-code', headers });
    const tooSoon = await resend();
    expect(tooSoon.statusCode).toBe(429);
    expect(Number(tooSoon.headers['retry-after'])).toBeGreaterThan(0);
    const [user] = await ctx.database.db.select().from(users).where(eq(users.login, 'participant.refus'));
    await ctx.database.db
      .update(oneTimeCodes)
      .set({ lastSentAt: new Date(Date.now() - 61_000) })
      .where(eq(oneTimeCodes.userId, user?.id ?? 0));
    const again = await resend();
    expect(again.statusCode).toBe(200);
    const second = ctx.notifier.lastCode();
    if (second !== first) expect((await confirm(headers, first)).json().ok).toBe(false);
    expect((await confirm(headers, second)).json().ok).toBe(true);
  });
});

describe('wrong passwords', () => {
  it('warns twice, locks at the third, then refuses even the right password', async () => {
    const answers: unknown[] = [];
    for (let i = 0; i < 3; i++)
      answers.push((await passwordRequest(ctx.app, 'participant.test1', false, 'Wrong#2026')).json());
    expect(answers).toEqual([
      { error: 'invalid_grant', error_description: 'tentative.1' },
      { error: 'invalid_grant', error_description: 'tentative.2' },
      { error: 'invalid_grant', error_description: 'tentative.3' },
    ]);
    const right = await passwordRequest(ctx.app, 'participant.test1', false);
    expect(right.statusCode).toBe(400);
    expect(right.json()).toEqual({ error: 'invalid_grant', error_description: 'user.locked' });
    const [user] = await ctx.database.db.select().from(users).where(eq(users.login, 'participant.test1'));
    expect(user?.lockedAt).toBeInstanceOf(Date);
    const trail = await ctx.database.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(
        and(
          eq(auditLog.actorUserId, user?.id ?? 0),
          inArray(auditLog.action, ['SIGN_IN_FAILED', 'ACCOUNT_LOCKED', 'SIGN_IN_REFUSED_LOCKED']),
        ),
      );
    expect(trail.map((row) => row.action).sort()).toEqual([
      'ACCOUNT_LOCKED',
      'SIGN_IN_FAILED',
      'SIGN_IN_FAILED',
      'SIGN_IN_REFUSED_LOCKED',
    ]);
  });

  it('answers an unknown identifier exactly as a wrong password', async () => {
    const answers: unknown[] = [];
    for (let i = 0; i < 4; i++)
      answers.push((await passwordRequest(ctx.app, 'nobody.here', false, 'Wrong#2026')).json());
    expect(answers).toEqual([
      { error: 'invalid_grant', error_description: 'tentative.1' },
      { error: 'invalid_grant', error_description: 'tentative.2' },
      { error: 'invalid_grant', error_description: 'tentative.3' },
      { error: 'invalid_grant', error_description: 'user.locked' },
    ]);
  });

  it('a right password resets the count', async () => {
    expect(
      (await passwordRequest(ctx.app, 'participant.test2', false, 'Wrong#2026')).json().error_description,
    ).toBe('tentative.1');
    expect((await passwordRequest(ctx.app, 'participant.test2', false)).statusCode).toBe(200);
    expect(
      (await passwordRequest(ctx.app, 'participant.test2', false, 'Wrong#2026')).json().error_description,
    ).toBe('tentative.1');
  });
  // Twenty wrong passwords at once, fifty wrong codes at once: security/brute-force.test.ts, over HTTP.
});

import { errorReply } from '@portail/contract/schemas/common';
import { ownSessionsReply, sessionsEndedReply } from '@portail/contract/schemas/sessions';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, sessions, users } from '../src/db/schema';
import { claimsOf, clientAuth, createTestContext, type SignedIn, signIn, type TestContext } from './helper';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx.close());

const FIREFOX = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:145.0) Gecko/20100101 Firefox/145.0';
const SAFARI_PHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';

/** Signs a correspondant in from a given browser (the session records its summary). */
const correspondantFrom = (login: string, userAgent: string) =>
  signIn(ctx, login, 'correspondant', { userAgent });

const list = (signed: SignedIn) =>
  ctx.app.inject({ method: 'GET', url: '/api/user/sessions', headers: signed.headers });
const end = (signed: SignedIn, id: string) =>
  ctx.app.inject({ method: 'DELETE', url: `/api/user/sessions/${id}`, headers: signed.headers });
const endOthers = (signed: SignedIn) =>
  ctx.app.inject({ method: 'POST', url: '/api/user/sessions/autres/fin', headers: signed.headers });
const home = (signed: SignedIn) =>
  ctx.app.inject({ method: 'GET', url: '/api/user', headers: signed.headers });
const refresh = (signed: SignedIn) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/oauth/token',
    headers: { authorization: clientAuth, 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: signed.refresh }).toString(),
  });

describe('the caller’s own sessions', () => {
  it('lists each open session with its browser, times and address, the current one marked, and no one else’s', async () => {
    const laptop = await correspondantFrom('corr.coordonnees', FIREFOX);
    const phone = await correspondantFrom('corr.coordonnees', SAFARI_PHONE);
    await signIn(ctx, 'corr.etablissement', 'correspondant');
    const reply = await list(phone);
    expect(reply.statusCode).toBe(200);
    const { items } = ownSessionsReply.parse(reply.json());
    const [user] = await ctx.database.db.select().from(users).where(eq(users.login, 'corr.coordonnees'));
    const rows = await ctx.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.userId, user?.id ?? 0));
    expect(items.map((item) => item.id).sort()).toEqual(rows.map((row) => row.id).sort());
    expect(items[0]?.courante).toBe(true);
    const current = items.filter((item) => item.courante);
    expect(current.map((item) => item.id)).toEqual([claimsOf(phone.access).sid]);
    expect(current[0]?.navigateur).toMatch(/Safari 18 · iOS/);
    const other = items.find((item) => item.id === claimsOf(laptop.access).sid);
    expect(other?.navigateur).toMatch(/Firefox 145 · Windows/);
    expect(other?.adresseIp).toBe('127.0.0.1');
    expect(other?.courante).toBe(false);
    expect(Date.parse(other?.ouverteLe ?? '')).toBeLessThanOrEqual(Date.parse(other?.derniereActivite ?? ''));
  });

  it('marks a participant’s session still waiting for its text-message code, and no confirmed one', async () => {
    const waiting = await signIn(ctx, 'participant.dmc', 'participant', {
      userAgent: FIREFOX,
      confirm: false,
    });
    const mine = await signIn(ctx, 'participant.dmc', 'participant', { userAgent: SAFARI_PHONE });
    const { items } = ownSessionsReply.parse((await list(mine)).json());
    expect(items.find((item) => item.id === claimsOf(waiting.access).sid)?.codeEnAttente).toBe(true);
    expect(items.find((item) => item.id === claimsOf(mine.access).sid)).toMatchObject({
      courante: true,
      codeEnAttente: false,
    });
    // A correspondant signs in without a code: none of theirs waits.
    const corr = await correspondantFrom('corr.coordonnees', FIREFOX);
    const theirs = ownSessionsReply.parse((await list(corr)).json()).items;
    expect(theirs.every((item) => !item.codeEnAttente)).toBe(true);
  });

  it('ends one other session: its next request and its refresh are refused, the ending is in the audit log', async () => {
    const first = await correspondantFrom('corr.annuaire', FIREFOX);
    const second = await correspondantFrom('corr.annuaire', SAFARI_PHONE);
    expect((await home(first)).statusCode).toBe(200);
    const reply = await end(second, claimsOf(first.access).sid);
    expect(reply.statusCode).toBe(200);
    expect(sessionsEndedReply.parse(reply.json())).toEqual({
      terminees: 1,
      ciemException: { messages: [{ level: 'INFO', errorCode: 'sessions.terminee' }] },
    });
    expect((await home(first)).statusCode).toBe(401);
    expect((await refresh(first)).statusCode).toBe(400);
    expect((await home(second)).statusCode).toBe(200);
    const ids = ownSessionsReply.parse((await list(second)).json()).items.map((item) => item.id);
    expect(ids).not.toContain(claimsOf(first.access).sid);
    const [row] = await ctx.database.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.action, 'SESSION_ENDED_BY_HOLDER'),
          eq(auditLog.targetId, claimsOf(first.access).sid),
        ),
      );
    expect(row?.details).toEqual({ browser: expect.stringMatching(/^Firefox 145/) });
  });

  it('refuses to end the current session (the holder signs out) and answers another account’s session as one that does not exist', async () => {
    const mine = await correspondantFrom('corr.entreprise', FIREFOX);
    const theirs = await signIn(ctx, 'participant.dmc', 'participant');
    const own = await end(mine, claimsOf(mine.access).sid);
    expect(own.statusCode).toBe(409);
    expect(own.json()).toMatchObject({ ciemException: { messages: [{ errorCode: 'sessions.courante' }] } });
    const foreign = await end(mine, claimsOf(theirs.access).sid);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toMatchObject({
      ciemException: { messages: [{ errorCode: 'sessions.introuvable' }] },
    });
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/api/user', headers: theirs.headers })).statusCode,
    ).toBe(200);
    const unknown = await end(mine, '0b9a5b0e-3c1e-4c57-9d3a-0f8c1d2e3f40');
    expect(unknown.statusCode).toBe(404);
    const malformed = await end(mine, 'not-a-session');
    expect(malformed.statusCode).toBe(400);
    expect(errorReply.parse(malformed.json()).fieldErrors?.[0]?.defaultMessage).toBe('errors.invalid');
  });

  it('ends every other session at once and keeps this one; a participant’s ending is recorded as concerning their record', async () => {
    const elsewhere = await signIn(ctx, 'participant.visites', 'participant');
    const again = await signIn(ctx, 'participant.visites', 'participant');
    const here = await signIn(ctx, 'participant.visites', 'participant');
    const reply = await endOthers(here);
    expect(reply.statusCode).toBe(200);
    const body = sessionsEndedReply.parse(reply.json());
    expect(body.terminees).toBeGreaterThanOrEqual(2);
    expect(body.ciemException.messages[0]).toEqual({
      level: 'INFO',
      errorCode: 'sessions.autresTerminees',
      args: [String(body.terminees)],
    });
    expect((await home(elsewhere)).statusCode).toBe(401);
    expect((await home(again)).statusCode).toBe(401);
    expect((await home(here)).statusCode).toBe(200);
    const items = ownSessionsReply.parse((await list(here)).json()).items;
    expect(items.map((item) => item.courante)).toEqual([true]);
    const [user] = await ctx.database.db.select().from(users).where(eq(users.login, 'participant.visites'));
    const [row] = await ctx.database.db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.action, 'OTHER_SESSIONS_ENDED_BY_HOLDER'), eq(auditLog.actorUserId, user?.id ?? 0)),
      );
    expect(row?.participantId).toBe(user?.participantId);
    expect(row?.details).toEqual({ count: body.terminees });
    // Their activity tells it, among their sign-ins.
    const activity = await ctx.app.inject({
      method: 'GET',
      url: '/api/participant/activite?type=signIns',
      headers: here.headers,
    });
    expect(activity.statusCode).toBe(200);
    expect(activity.json<{ items: { kind: string }[] }>().items[0]?.kind).toBe('sessionsEnded');
  });

  it('answers the centre’s staff for their own sessions, and a participant only once the text-message code is confirmed', async () => {
    const operator = await signIn(ctx, 'operateur', 'staff');
    const reply = await list(operator);
    expect(reply.statusCode).toBe(200);
    expect(ownSessionsReply.parse(reply.json()).items.some((item) => item.courante)).toBe(true);
    const pending = await signIn(ctx, 'participant.test3', 'participant', { confirm: false });
    expect((await list(pending)).statusCode).toBe(403);
    expect((await endOthers(pending)).statusCode).toBe(403);
  });
});

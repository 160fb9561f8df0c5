import { tokenReply } from '@portail/contract/schemas/auth';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SessionCache } from '../src/auth/session-cache';
import { refreshTokens, sessions } from '../src/db/schema';
import { REFRESH_GRACE_MS } from '../src/features/auth/auth.service';
import {
  claimsOf,
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

const principal = (authorization: string) =>
  ctx.app.inject({ method: 'POST', url: '/api/oauth/principal', headers: { authorization }, payload: {} });
const refresh = (token: string) =>
  tokenRequest(ctx.app, { grant_type: 'refresh_token', refresh_token: token });

describe('access token', () => {
  it('is a signed JWT of at most 15 minutes naming a session', async () => {
    const signed = await signIn(ctx, 'corr.entreprise', 'correspondant');
    const claims = claimsOf(signed.access);
    expect(typeof claims.sid).toBe('string');
    expect(Number(claims.exp) - Number(claims.iat)).toBeLessThanOrEqual(900);
    expect((await principal(`Bearer ${signed.access}`)).statusCode).toBe(200);
  });
  // Forged, altered, expired and misused tokens: security/tokens.test.ts, over HTTP.
});

describe('refresh token', () => {
  it('rotates at every use; presenting a rotated one ends the whole session', async () => {
    const signed = await signIn(ctx, 'corr.groupe', 'correspondant');
    const first = await refresh(signed.refresh);
    expect(first.statusCode).toBe(200);
    const next = tokenReply.parse(first.json());
    expect(next.refresh_token).not.toBe(signed.refresh);
    expect((await principal(`Bearer ${next.access_token}`)).statusCode).toBe(200);
    // The session moves on (the newer token is used), then the first token comes back: a replay.
    const third = tokenReply.parse((await refresh(next.refresh_token)).json());
    const replay = await refresh(signed.refresh);
    expect(replay.statusCode).toBe(400);
    expect(replay.json()).toEqual({ error: 'invalid_grant' });
    // The family is revoked: the newest tokens are dead too.
    expect((await principal(`Bearer ${third.access_token}`)).statusCode).toBe(401);
    expect((await refresh(third.refresh_token)).statusCode).toBe(400);
    const [session] = await ctx.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.id, String(claimsOf(signed.access).sid)));
    expect(session?.revokedReason).toBe('refresh_reuse');
  });

  it('lets two tabs refresh with the same token at once, each getting tokens of its own', async () => {
    const signed = await signIn(ctx, 'corr.etablissement', 'correspondant');
    const replies = await Promise.all([refresh(signed.refresh), refresh(signed.refresh)]);
    expect(replies.map((reply) => reply.statusCode)).toEqual([200, 200]);
    const [a, b] = replies.map((reply) => tokenReply.parse(reply.json()));
    expect(a?.refresh_token).not.toBe(b?.refresh_token);
    for (const tokens of [a, b]) {
      expect((await principal(`Bearer ${tokens?.access_token}`)).statusCode).toBe(200);
      expect((await refresh(tokens?.refresh_token ?? '')).statusCode).toBe(200);
    }
  });

  it('treats a rotated token presented after the grace period as a replay', async () => {
    const signed = await signIn(ctx, 'corr.entreprise', 'correspondant');
    const next = tokenReply.parse((await refresh(signed.refresh)).json());
    await ctx.database.db
      .update(refreshTokens)
      .set({ rotatedAt: new Date(Date.now() - REFRESH_GRACE_MS - 1000) })
      .where(eq(refreshTokens.sessionId, String(claimsOf(signed.access).sid)));
    expect((await refresh(signed.refresh)).json()).toEqual({ error: 'invalid_grant' });
    expect((await principal(`Bearer ${next.access_token}`)).statusCode).toBe(401);
  });

  it('refuses an unknown refresh token', async () => {
    expect((await refresh('not-a-token')).json()).toEqual({ error: 'invalid_grant' });
  });

  it('keeps the pending second step across a refresh', async () => {
    const token = tokenReply.parse((await passwordRequest(ctx.app, 'participant.test5', false)).json());
    const renewed = tokenReply.parse((await refresh(token.refresh_token)).json());
    expect(renewed.confirmationRequise).toBe(true);
  });
});

describe('session end', () => {
  it('ends after the idle time-out and after the maximum lifetime', async () => {
    const idle = await signIn(ctx, 'corr.etablissement', 'correspondant');
    await ctx.database.db
      .update(sessions)
      .set({ lastSeenAt: new Date(Date.now() - 301_000) })
      .where(eq(sessions.id, String(claimsOf(idle.access).sid)));
    // Written behind the server's back: drop what it remembers of the session.
    ctx.app.sessions.cache.clear();
    expect((await principal(`Bearer ${idle.access}`)).statusCode).toBe(401);
    expect((await refresh(idle.refresh)).statusCode).toBe(400);

    const old = await signIn(ctx, 'corr.etablissement', 'correspondant');
    await ctx.database.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.id, String(claimsOf(old.access).sid)));
    ctx.app.sessions.cache.clear();
    expect((await principal(`Bearer ${old.access}`)).statusCode).toBe(401);
  });

  it('logout revokes the session', async () => {
    const signed = await signIn(ctx, 'corr.etablissement', 'correspondant');
    const out = await ctx.app.inject({ method: 'POST', url: '/api/oauth/logout', headers: signed.headers });
    expect(out.statusCode).toBe(204);
    expect((await principal(`Bearer ${signed.access}`)).statusCode).toBe(401);
    expect((await refresh(signed.refresh)).statusCode).toBe(400);
  });
});

describe('session cache', () => {
  it('serves a validated session again until something evicts it, and never stores a load that raced an eviction', () => {
    const cache = new SessionCache(60_000);
    const caller = { userId: 7 } as never;
    const value = { caller, expiresAt: new Date(Date.now() + 60_000), lastSeenAt: new Date() };
    const epoch = cache.begin();
    cache.set('a', value, epoch);
    expect(cache.get('a')?.caller).toBe(caller);
    cache.evictUser(7);
    expect(cache.get('a')).toBeUndefined();
    const stale = cache.begin();
    cache.evictSession('b');
    cache.set('a', value, stale);
    expect(cache.get('a')).toBeUndefined();
  });

  it('a revoked session is refused at once although it was just cached', async () => {
    const signed = await signIn(ctx, 'corr.entreprise', 'correspondant');
    expect((await principal(`Bearer ${signed.access}`)).statusCode).toBe(200);
    expect((await principal(`Bearer ${signed.access}`)).statusCode).toBe(200);
    await ctx.app.inject({ method: 'POST', url: '/api/oauth/logout', headers: signed.headers });
    expect((await principal(`Bearer ${signed.access}`)).statusCode).toBe(401);
  });
});

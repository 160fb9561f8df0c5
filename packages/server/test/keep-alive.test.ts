import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../src/db/schema';
import { claimsOf, createTestContext, signIn, type TestContext } from './helper';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx.close());

const keepAlive = (headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'POST', url: '/api/oauth/keepalive', headers });

const sessionIdOf = (access: string) => claimsOf(access).sid;

/** Moves the session's last activity into the past, behind the server's back. */
async function lastSeen(access: string, secondsAgo: number) {
  await ctx.database.db
    .update(sessions)
    .set({ lastSeenAt: new Date(Date.now() - secondsAgo * 1000) })
    .where(eq(sessions.id, sessionIdOf(access)));
  ctx.app.sessions.cache.clear();
}

async function lastSeenAt(access: string): Promise<number> {
  const [row] = await ctx.database.db
    .select({ lastSeenAt: sessions.lastSeenAt })
    .from(sessions)
    .where(eq(sessions.id, sessionIdOf(access)));
  return row?.lastSeenAt.getTime() ?? 0;
}

describe('POST /api/oauth/keepalive', () => {
  it('counts as activity for every signed-in role: a reader active for ten minutes stays signed in', async () => {
    for (const [login, kind] of [
      ['participant.dmc', 'participant'],
      ['corr.entreprise', 'correspondant'],
    ] as const) {
      const signed = await signIn(ctx, login, kind);
      // Four minutes of reading, then the browser's keep-alive; again; the session lives on.
      for (let round = 0; round < 2; round += 1) {
        await lastSeen(signed.access, 240);
        const before = Date.now();
        const reply = await keepAlive(signed.headers);
        expect(reply.statusCode).toBe(204);
        expect(reply.body).toBe('');
        expect(await lastSeenAt(signed.access)).toBeGreaterThanOrEqual(before - 1000);
      }
      const principal = await ctx.app.inject({
        method: 'POST',
        url: '/api/oauth/principal',
        headers: signed.headers,
        payload: {},
      });
      expect(principal.statusCode).toBe(200);
    }
  });

  it('does not bring back a session idle for five minutes (docs/sign-in-and-sessions.md#idle-logout), nor an ended one', async () => {
    const idle = await signIn(ctx, 'corr.etablissement', 'correspondant');
    await lastSeen(idle.access, 301);
    expect((await keepAlive(idle.headers)).statusCode).toBe(401);
    expect(await lastSeenAt(idle.access)).toBeLessThan(Date.now() - 300_000);

    const ended = await signIn(ctx, 'corr.groupe', 'correspondant');
    await ctx.app.inject({ method: 'POST', url: '/api/oauth/logout', headers: ended.headers });
    expect((await keepAlive(ended.headers)).statusCode).toBe(401);
  });

  it('answers 401 without a token, and refuses a session still waiting for its second factor', async () => {
    expect((await keepAlive()).statusCode).toBe(401);
    const unconfirmed = await signIn(ctx, 'participant.en', 'participant', { confirm: false });
    const reply = await keepAlive(unconfirmed.headers);
    expect(reply.statusCode).toBe(403);
  });
});

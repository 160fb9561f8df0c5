import { and, eq, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lockAccount } from '../src/auth/lockout';
import { auditLog, loginAttempts, sessions, users } from '../src/db/schema';
import { createTestContext, passwordRequest, signIn, type TestContext } from './helper';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx.close());

const principal = (headers: Record<string, string>) =>
  ctx.app.inject({ method: 'POST', url: '/api/oauth/principal', headers, payload: {} });

async function userId(login: string): Promise<number> {
  const [row] = await ctx.database.db.select({ id: users.id }).from(users).where(eq(users.login, login));
  if (!row) throw new Error(`no user ${login}`);
  return row.id;
}

const openSessions = async (id: number) =>
  ctx.database.db
    .select()
    .from(sessions)
    .where(and(eq(sessions.userId, id), isNull(sessions.revokedAt)));

describe('a lock ends the account’s sessions', () => {
  it('the third wrong password locks the account and signs its open sessions out', async () => {
    const signed = await signIn(ctx, 'corr.autre', 'correspondant');
    expect((await principal(signed.headers)).statusCode).toBe(200);
    for (let i = 0; i < 3; i++) await passwordRequest(ctx.app, 'corr.autre', true, 'Wrong#2026');
    expect((await principal(signed.headers)).statusCode).toBe(401);
    const id = await userId('corr.autre');
    expect(await openSessions(id)).toEqual([]);
    const [ended] = await ctx.database.db.select().from(sessions).where(eq(sessions.userId, id));
    expect(ended?.revokedReason).toBe('account_locked');
    const locked = await ctx.database.db
      .select({ ip: auditLog.ip })
      .from(auditLog)
      .where(and(eq(auditLog.actorUserId, id), eq(auditLog.action, 'ACCOUNT_LOCKED')));
    expect(locked).toHaveLength(1);
  });

  it('lockAccount sets the lock, ends every session and refuses the right password', async () => {
    const first = await signIn(ctx, 'participant.test5', 'participant');
    const second = await signIn(ctx, 'participant.test5', 'participant', { confirm: false });
    const id = await userId('participant.test5');
    await lockAccount(ctx.database.db, ctx.app.sessions, id, '192.0.2.1');
    expect((await principal(first.headers)).statusCode).toBe(401);
    expect((await principal(second.headers)).statusCode).toBe(401);
    const [user] = await ctx.database.db.select().from(users).where(eq(users.id, id));
    expect(user?.lockedAt).toBeInstanceOf(Date);
    expect((await passwordRequest(ctx.app, 'participant.test5', false)).json()).toEqual({
      error: 'invalid_grant',
      error_description: 'user.locked',
    });
    const [row] = await ctx.database.db
      .select({ ip: auditLog.ip })
      .from(auditLog)
      .where(and(eq(auditLog.actorUserId, id), eq(auditLog.action, 'ACCOUNT_LOCKED')));
    expect(row?.ip).toBe('192.0.2.1');
  });
});

describe('a lock lifts after LOCK_DURATION_S', () => {
  it('refuses the right password while locked, and accepts it once the lock has lasted its time', async () => {
    for (let i = 0; i < 3; i++) await passwordRequest(ctx.app, 'participant.test1', false, 'Wrong#2026');
    expect((await passwordRequest(ctx.app, 'participant.test1', false)).json().error_description).toBe(
      'user.locked',
    );
    const id = await userId('participant.test1');
    const past = sql`now() - make_interval(secs => ${ctx.config.lockDurationS + 1})`;
    await ctx.database.db.update(users).set({ lockedAt: past }).where(eq(users.id, id));
    await ctx.database.db
      .update(loginAttempts)
      .set({ updatedAt: past })
      .where(eq(loginAttempts.key, 'P:participant.test1'));
    const right = await passwordRequest(ctx.app, 'participant.test1', false);
    expect(right.statusCode).toBe(200);
    const [user] = await ctx.database.db.select().from(users).where(eq(users.id, id));
    expect(user?.lockedAt).toBeNull();
  });

  it('an unknown identifier’s lock lifts the same way', async () => {
    for (let i = 0; i < 4; i++) await passwordRequest(ctx.app, 'nobody.lifted', false, 'Wrong#2026');
    await ctx.database.db
      .update(loginAttempts)
      .set({ updatedAt: sql`now() - make_interval(secs => ${ctx.config.lockDurationS + 1})` })
      .where(eq(loginAttempts.key, 'P:nobody.lifted'));
    expect(
      (await passwordRequest(ctx.app, 'nobody.lifted', false, 'Wrong#2026')).json().error_description,
    ).toBe('tentative.1');
  });

  it('refused attempts during the lock do not make it last longer', async () => {
    for (let i = 0; i < 3; i++) await passwordRequest(ctx.app, 'participant.test2', false, 'Wrong#2026');
    const lockedSince = async () => {
      const [row] = await ctx.database.db
        .select({ updatedAt: loginAttempts.updatedAt })
        .from(loginAttempts)
        .where(eq(loginAttempts.key, 'P:participant.test2'));
      return row?.updatedAt.getTime();
    };
    // Back-dated a second (the lock lasts LOCK_DURATION_S): a refused attempt that rewrote it would show.
    await ctx.database.db
      .update(loginAttempts)
      .set({ updatedAt: sql`${loginAttempts.updatedAt} - interval '1 second'` })
      .where(eq(loginAttempts.key, 'P:participant.test2'));
    const since = await lockedSince();
    expect(since).toBeDefined();
    expect((await passwordRequest(ctx.app, 'participant.test2', false)).json().error_description).toBe(
      'user.locked',
    );
    expect(await lockedSince()).toBe(since);
  });
});

import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { purgeExpired } from '../src/auth/sweep';
import { loginAttempts, oneTimeCodes, participantImports, throttles, users } from '../src/db/schema';
import { createTestContext, type TestContext } from './helper';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ env: { SWEEP_INTERVAL_S: '1' } });
});
afterAll(async () => ctx.close());

const ago = (seconds: number) => sql`now() - make_interval(secs => ${seconds})`;

async function seed(tag: string) {
  const [user] = await ctx.database.db.select({ id: users.id }).from(users).where(eq(users.login, 'admin'));
  if (!user) throw new Error('no admin');
  const lock = ctx.config.lockDurationS;
  await ctx.database.db.insert(loginAttempts).values([
    { key: `P:old.${tag}`, attempts: 3, updatedAt: ago(lock + 60) },
    { key: `P:fresh.${tag}`, attempts: 2, updatedAt: ago(60) },
  ]);
  await ctx.database.db.insert(throttles).values([
    { key: `old:${tag}`, hits: 9, windowStart: ago(2 * 86_400) },
    { key: `fresh:${tag}`, hits: 9, windowStart: ago(60) },
  ]);
  const code = { purpose: 'SIGN_IN' as const, userId: user.id, codeHash: `h-${tag}` };
  const codes = await ctx.database.db
    .insert(oneTimeCodes)
    .values([
      { ...code, expiresAt: ago(2 * 86_400) },
      { ...code, expiresAt: ago(-600), consumedAt: ago(2 * 86_400) },
      { ...code, expiresAt: ago(-600) },
      { ...code, expiresAt: ago(60), consumedAt: ago(120) },
    ])
    .returning({ id: oneTimeCodes.id });
  return codes.map((row) => row.id);
}

async function left(tag: string, codeIds: number[]) {
  const attempts = await ctx.database.db
    .select({ key: loginAttempts.key })
    .from(loginAttempts)
    .where(inArray(loginAttempts.key, [`P:old.${tag}`, `P:fresh.${tag}`]));
  const hits = await ctx.database.db
    .select({ key: throttles.key })
    .from(throttles)
    .where(inArray(throttles.key, [`old:${tag}`, `fresh:${tag}`]));
  const codes = await ctx.database.db
    .select({ id: oneTimeCodes.id })
    .from(oneTimeCodes)
    .where(inArray(oneTimeCodes.id, codeIds));
  return {
    attempts: attempts.map((row) => row.key),
    throttles: hits.map((row) => row.key),
    codes: codes.map((row) => row.id).sort((a, b) => a - b),
  };
}

describe('the sweep of old counters and spent codes', () => {
  it('deletes counters past their window and codes spent a day ago, and keeps the rest', async () => {
    const ids = await seed('direct');
    await purgeExpired(ctx.database.db, ctx.config);
    expect(await left('direct', ids)).toEqual({
      attempts: ['P:fresh.direct'],
      throttles: ['fresh:direct'],
      codes: [ids[2], ids[3]],
    });
  });

  it('runs inside the server every SWEEP_INTERVAL_S', async () => {
    const ids = await seed('timer');
    // The timer must fire (every second here): poll until it has, rather than sleep past it.
    await vi.waitFor(
      async () =>
        expect(await left('timer', ids)).toEqual({
          attempts: ['P:fresh.timer'],
          throttles: ['fresh:timer'],
          codes: [ids[2], ids[3]],
        }),
      { timeout: 5_000, interval: 100 },
    );
  });
});

describe('the sweep of participant imports', () => {
  it('deletes checks and reports past their expiry, but not a run under way nor one still valid', async () => {
    const [user] = await ctx.database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.login, 'corr.etablissement'));
    if (!user) throw new Error('no correspondant');
    const base = { ownerUserId: user.id, scopeKey: 'E1', fileName: 'f.csv', rows: [] };
    const made = await ctx.database.db
      .insert(participantImports)
      .values([
        { ...base, expiresAt: ago(60) },
        { ...base, expiresAt: ago(60), state: 'done' },
        { ...base, expiresAt: ago(60), state: 'running' },
        { ...base, expiresAt: ago(-600) },
      ])
      .returning({ id: participantImports.id });
    await purgeExpired(ctx.database.db, ctx.config);
    const kept = await ctx.database.db
      .select({ id: participantImports.id })
      .from(participantImports)
      .where(
        inArray(
          participantImports.id,
          made.map((row) => row.id),
        ),
      );
    expect(kept.map((row) => row.id).sort()).toEqual([made[2]?.id, made[3]?.id].sort());
  });
});

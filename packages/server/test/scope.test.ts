import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Caller } from '../src/auth/caller';
import { scopeCondition } from '../src/auth/scope';
import { participants, users } from '../src/db/schema';
import { callerOf, createTestContext, type TestContext } from './helper';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ participants: 200 });
});
afterAll(async () => ctx.close());

const columns = {
  participantId: participants.id,
  establishmentId: participants.establishmentId,
  companyId: participants.companyId,
  groupId: participants.groupId,
};

async function visible(caller: Caller) {
  const rows = await ctx.database.db
    .select({
      id: participants.id,
      establishmentId: participants.establishmentId,
      companyId: participants.companyId,
      groupId: participants.groupId,
    })
    .from(participants)
    .where(scopeCondition(caller, columns));
  return rows;
}

describe('scope of a caller', () => {
  it('a participant sees only themselves', async () => {
    const caller = await callerOf(ctx, 'participant.dmc', 'participant');
    const rows = await visible(caller);
    expect(rows.map((row) => row.id)).toEqual([caller.participantId]);
  });

  it('correspondants see their establishment ⊂ company ⊂ group, and nothing of an unrelated company', async () => {
    const establishment = await visible(await callerOf(ctx, 'corr.etablissement', 'correspondant'));
    const company = await visible(await callerOf(ctx, 'corr.entreprise', 'correspondant'));
    const group = await visible(await callerOf(ctx, 'corr.groupe', 'correspondant'));
    const other = await visible(await callerOf(ctx, 'corr.autre', 'correspondant'));
    expect(establishment.length).toBeGreaterThan(0);
    expect(new Set(establishment.map((row) => row.establishmentId)).size).toBe(1);
    expect(company.length).toBeGreaterThanOrEqual(establishment.length);
    expect(group.length).toBeGreaterThanOrEqual(company.length);
    const groupIds = new Set(group.map((row) => row.id));
    expect(company.every((row) => groupIds.has(row.id))).toBe(true);
    expect(other.some((row) => groupIds.has(row.id))).toBe(false);
    const [all] = await ctx.database.db.select({ n: count() }).from(participants);
    expect(group.length).toBeLessThan(all?.n ?? 0);
  });

  it('an admin reaches no participant through a scoped query', async () => {
    const caller = await callerOf(ctx, 'admin', 'staff');
    expect(await visible(caller)).toEqual([]);
    const [row] = await ctx.database.db.select().from(users).where(eq(users.login, 'admin'));
    expect(row?.participantId).toBeNull();
  });
});

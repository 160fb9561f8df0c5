import { and, count, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, participantCounts, participants } from '../src/db/schema';
import { createTestContext, type TestContext } from './helper';
import {
  act,
  codesOf,
  establishmentOf,
  MAIN,
  mutationRecord,
  newParticipant,
  OTHER,
  requestTransfer,
} from './mutations-fixtures';
import { headersOf, participantRow } from './participants-fixtures';

/**
 * Concurrent accepts and cancels of one transfer (docs/transfers.md#accept): the transfer's row lock and the state read
 * under it leave exactly one outcome, and the participant matches it. On PGlite the transactions take
 * turns; with TEST_DATABASE_URL they really run side by side on a PostgreSQL server.
 */
const ROUNDS = 8;

let ctx: TestContext;
let main: number;
let other: number;
beforeAll(async () => {
  ctx = await createTestContext({ participants: 120 });
  main = await establishmentOf(ctx, MAIN);
  other = await establishmentOf(ctx, OTHER);
  // Signed in beforehand, so the calls of a round leave together.
  await headersOf(ctx, MAIN);
  await headersOf(ctx, OTHER);
});
afterAll(async () => ctx.close());

/** The one outcome a transfer had, checked against its participant and the audit log. */
async function expectOneOutcome(
  id: number,
  participantId: number,
  replies: Awaited<ReturnType<typeof act>>[],
) {
  const succeeded = replies.filter((reply) => reply.statusCode === 200);
  expect(succeeded).toHaveLength(1);
  const [winner] = succeeded;
  if (!winner) throw new Error('no call succeeded');
  for (const reply of replies.filter((r) => r.statusCode !== 200))
    expect(codesOf(reply, 409)).toEqual(['ERROR mutation.error.dejaTraitee']);
  const record = await mutationRecord(ctx, id);
  const accepted = record.state === 'ACCEPTED';
  expect(codesOf(winner, 200)).toEqual([accepted ? 'INFO mutation.acceptee' : 'INFO mutation.annulee']);
  expect(await participantRow(ctx, participantId)).toMatchObject({
    establishmentId: accepted ? other : main,
    transferInProgress: false,
  });
  const audits = await ctx.database.db
    .select({ action: auditLog.action })
    .from(auditLog)
    .where(
      and(
        sql`${auditLog.details}->>'mutationId' = ${String(id)}`,
        inArray(auditLog.action, ['MUTATION_ACCEPTED', 'MUTATION_CANCELLED']),
      ),
    );
  expect(audits.map((row) => row.action)).toEqual([accepted ? 'MUTATION_ACCEPTED' : 'MUTATION_CANCELLED']);
  return record.state;
}

/** The counters the list totals read agree with the rows after the races. */
async function expectCountersRight() {
  for (const establishmentId of [main, other]) {
    const [rows] = await ctx.database.db
      .select({ n: count() })
      .from(participants)
      .where(and(eq(participants.establishmentId, establishmentId), eq(participants.active, true)));
    const [counter] = await ctx.database.db
      .select({ n: participantCounts.n })
      .from(participantCounts)
      .where(
        and(
          eq(participantCounts.scopeLevel, 'ETABLISSEMENT'),
          eq(participantCounts.scopeId, establishmentId),
          eq(participantCounts.active, true),
        ),
      );
    expect(counter?.n).toBe(rows?.n);
  }
}

describe('concurrent accept and cancel of one transfer', () => {
  it(`ends in exactly one outcome, ${ROUNDS} times: the destination accepts while the source withdraws`, async () => {
    const outcomes: string[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const participantId = await newParticipant(ctx);
      const id = await requestTransfer(ctx, participantId, other);
      const replies = await Promise.all(
        round % 2 === 0
          ? [act(ctx, id, 'accepter', OTHER), act(ctx, id, 'annuler', MAIN)]
          : [act(ctx, id, 'annuler', MAIN), act(ctx, id, 'accepter', OTHER)],
      );
      outcomes.push(await expectOneOutcome(id, participantId, replies));
    }
    expect(outcomes).toHaveLength(ROUNDS);
    await expectCountersRight();
  });

  it(`lets one of two accepts and a decline through, ${ROUNDS} times`, async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const participantId = await newParticipant(ctx);
      const id = await requestTransfer(ctx, participantId, other);
      const replies = await Promise.all([
        act(ctx, id, 'accepter', OTHER),
        act(ctx, id, 'accepter', OTHER),
        act(ctx, id, 'annuler', OTHER),
      ]);
      await expectOneOutcome(id, participantId, replies);
    }
    await expectCountersRight();
  });
});

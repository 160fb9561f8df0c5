import { mutationListReply } from '@portail/contract/schemas/mutations';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { establishments, mutations, participants } from '../src/db/schema';
import { createTestContext, type TestContext } from './helper';
import { establishmentOf, MAIN, newParticipant, OTHER, requestTransfer } from './mutations-fixtures';
import { headersOf } from './participants-fixtures';

/**
 * The transfer lists' cached pages never outlive a change, whoever makes it: the triggers of migration
 * 0006 (transfers, establishments, labels, check-up types) and 0002 (participants) notify at commit
 * and every page goes.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx.close());

async function list(login: string) {
  const reply = await ctx.app.inject({
    method: 'GET',
    url: '/api/mutation',
    headers: await headersOf(ctx, login),
    query: { size: '100' },
  });
  expect(reply.statusCode, reply.body).toBe(200);
  return mutationListReply.parse(reply.json());
}

const WAIT = { timeout: 2000 };

describe('transfer list cache', () => {
  it('shows a new transfer, then the changes written behind its back', async () => {
    const before = await list(OTHER);
    const participantId = await newParticipant(ctx);
    const id = await requestTransfer(ctx, participantId, await establishmentOf(ctx, OTHER));
    await vi.waitFor(async () => expect((await list(OTHER)).totalRows).toBe(before.totalRows + 1), WAIT);

    // A participant renamed by the back office.
    await ctx.database.db
      .update(participants)
      .set({ firstName: 'Renommée' })
      .where(eq(participants.id, participantId));
    await vi.waitFor(
      async () =>
        expect((await list(OTHER)).items.find((row) => row.id === id)?.participant.prenom).toBe('Renommée'),
      WAIT,
    );

    // The destination leaves the centre: the transfer can no longer be accepted.
    const destination = await establishmentOf(ctx, OTHER);
    await ctx.database.db
      .update(establishments)
      .set({ terminationDate: '2026-01-01' })
      .where(eq(establishments.id, destination));
    await vi.waitFor(
      async () => expect((await list(OTHER)).items.find((row) => row.id === id)?.allowedToAccept).toBe(false),
      WAIT,
    );
    await ctx.database.db
      .update(establishments)
      .set({ terminationDate: null })
      .where(eq(establishments.id, destination));

    // The back office closes the transfer.
    await ctx.database.db
      .update(mutations)
      .set({ state: 'CANCELLED', closedAt: new Date() })
      .where(eq(mutations.id, id));
    await vi.waitFor(
      async () => expect((await list(MAIN)).items.map((row) => row.id)).not.toContain(id),
      WAIT,
    );
  });
});

import { correspondantListReply } from '@portail/contract/schemas/correspondants';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { companies, correspondants } from '../src/db/schema';
import { createTestContext, type TestContext } from './helper';
import { correspondantOf, headersOf } from './participants-fixtures';

/**
 * The directory's cached pages never outlive a change made outside the portal (the back office writes
 * the same tables): the triggers of migration 0005 notify at commit and every page goes.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx.close());

async function list(query: Record<string, string>) {
  const reply = await ctx.app.inject({
    method: 'GET',
    url: '/api/correspondant',
    headers: await headersOf(ctx, 'corr.entreprise', 'correspondant'),
    query,
  });
  expect(reply.statusCode, reply.body).toBe(200);
  return correspondantListReply.parse(reply.json());
}

describe('correspondant directory cache', () => {
  it('drops its pages when a correspondant or a company is written behind its back', async () => {
    const me = await correspondantOf(ctx, 'corr.entreprise');
    const before = await list({ size: '20' });
    const row = before.items.find((item) => item.id !== me.id);
    if (!row) throw new Error('corr.entreprise has colleagues');
    await ctx.database.db
      .update(correspondants)
      .set({ lastName: 'RENOMMÉ-PAR-LE-BACK-OFFICE' })
      .where(eq(correspondants.id, row.id));
    await vi.waitFor(
      async () =>
        expect((await list({ size: '20' })).items.find((item) => item.id === row.id)?.contact.nom).toBe(
          'RENOMMÉ-PAR-LE-BACK-OFFICE',
        ),
      { timeout: 2000 },
    );
    const companyId = row.entreprise?.id;
    if (companyId === undefined) throw new Error('the row has a company');
    await ctx.database.db
      .update(companies)
      .set({ name: 'Société renommée' })
      .where(eq(companies.id, companyId));
    await vi.waitFor(
      async () =>
        expect(
          (await list({ size: '20' })).items.every(
            (item) => item.entreprise?.raisonsociale === 'Société renommée',
          ),
        ).toBe(true),
      { timeout: 2000 },
    );
  });
});

import {
  type CheckupListReply,
  checkupListReply,
  type HistoryListReply,
  historyListReply,
} from '@portail/contract/schemas/checkups';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { DbOrTx } from '../src/db/client';
import { checkups, participants } from '../src/db/schema';
import { createTestContext, type TestContext } from './helper';
import { correspondantOf, headersOf } from './participants-fixtures';

/**
 * The check-up list's and the history's cached pages (checkup-page-cache.ts) serve a scope's calls
 * again, and never outlive a change: the check-ups' triggers (migration 0027) and the participants'
 * (migration 0002) notify at commit, and the pages go.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ participants: 300 });
});
afterAll(async () => ctx.close());

const WIDE = { dateDebut: '2000-01-01', dateFin: '2100-12-31', page: '0', size: '15' };

async function call(url: string, query: Record<string, string> = WIDE, login = 'corr.etablissement') {
  const reply = await ctx.app.inject({
    method: 'GET',
    url,
    headers: await headersOf(ctx, login, 'correspondant'),
    query,
  });
  expect(reply.statusCode, reply.body).toBe(200);
  return reply.json();
}
const checkupList = async (query?: Record<string, string>): Promise<CheckupListReply> =>
  checkupListReply.parse(await call('/api/bilansCorrespondant', query));
const history = async (query?: Record<string, string>): Promise<HistoryListReply> =>
  historyListReply.parse(await call('/api/historiqueBilansCorrespondant', query));

/** Writes without firing the triggers, as a lost notification would leave things. */
async function silently(write: (db: DbOrTx) => Promise<unknown>) {
  await ctx.database.db.transaction(async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`);
    await write(tx);
  });
}

describe('check-up list cache', () => {
  it('serves a page again without reading it, and drops it when a check-up of the scope is written', async () => {
    const first = (await checkupList()).items[0];
    if (!first) throw new Error('corr.etablissement has check-ups');
    const stamp = '2001-02-03';
    await silently((db) => db.update(checkups).set({ billingDate: stamp }).where(eq(checkups.id, first.id)));
    // Unannounced, the change is not seen: the page came from the cache.
    expect((await checkupList()).items[0]?.dateFacturation).toBe(first.dateFacturation);
    // A write that fires the triggers drops the scope's pages in every instance.
    await ctx.database.db.update(checkups).set({ billingDate: stamp }).where(eq(checkups.id, first.id));
    await vi.waitFor(async () => expect((await checkupList()).items[0]?.dateFacturation).toBe(stamp), {
      timeout: 2000,
    });
  });

  it('drops the history when a participant is written', async () => {
    const first = (await history()).items[0];
    if (!first) throw new Error('corr.etablissement has a history');
    await ctx.database.db
      .update(participants)
      .set({ firstName: 'Renommée' })
      .where(eq(participants.id, first.id));
    await vi.waitFor(
      async () => expect((await history()).items.find((row) => row.id === first.id)?.prenom).toBe('Renommée'),
      { timeout: 2000 },
    );
  });

  it('keeps pages apart by filters, sort and page', async () => {
    const byState = await checkupList({ ...WIDE, etatBilan: 'EN_COURS' });
    const all = await checkupList();
    expect(byState.totalRows).toBeLessThanOrEqual(all.totalRows);
    const second = await checkupList({ ...WIDE, page: '1' });
    expect(second.items[0]?.id).not.toBe(all.items[0]?.id);
    const ascending = await history({ ...WIDE, sort: 'nom,DESC' });
    expect(ascending.items[0]?.id).not.toBe((await history()).items[0]?.id);
  });

  it('never hands one scope the page another scope read with the same filters', async () => {
    const own = await correspondantOf(ctx, 'corr.etablissement');
    // The company's pages, read first, are kept under its own scope.
    const company = checkupListReply.parse(await call('/api/bilansCorrespondant', WIDE, 'corr.entreprise'));
    const companyHistory = historyListReply.parse(
      await call('/api/historiqueBilansCorrespondant', WIDE, 'corr.entreprise'),
    );
    const mine = await checkupList();
    const myHistory = await history();
    expect(mine.items.length).toBeGreaterThan(0);
    expect(mine.items.every((row) => row.idEtablissement === own.establishmentId)).toBe(true);
    expect(myHistory.items.every((row) => row.idEtablissement === own.establishmentId)).toBe(true);
    expect(company.totalRows).toBeGreaterThan(mine.totalRows);
    expect(companyHistory.totalRows).toBeGreaterThan(myHistory.totalRows);
  });
});

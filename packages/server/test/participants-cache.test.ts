import { type ParticipantListReply, participantListReply } from '@portail/contract/schemas/participants';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { scopeKey } from '../src/auth/scope';
import { participants } from '../src/db/schema';
import { ParticipantPageCache } from '../src/features/participants/participant-page-cache';
import { createTestContext, type TestContext } from './helper';
import { correspondantOf, headersOf } from './participants-fixtures';

/**
 * The cached pages of the participant list never outlive a change: a write through the API drops them
 * before its reply, a write by anything else (the back office, another instance) through the triggers'
 * notification.
 */
let ctx: TestContext;

/** The app's own participants list cache (its feature plugin creates it). */
const participantPageCache = () => ctx.app.listCaches.participants as ParticipantPageCache;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx.close());

async function firstPage(): Promise<ParticipantListReply> {
  const reply = await ctx.app.inject({
    method: 'GET',
    url: '/api/adherentsCorrespondant',
    headers: await headersOf(ctx, 'corr.etablissement'),
  });
  expect(reply.statusCode).toBe(200);
  return participantListReply.parse(reply.json());
}

describe('participant list cache', () => {
  it('drops a page when a participant of the scope is written outside the API', async () => {
    const before = await firstPage();
    const first = before.items[0];
    if (!first) throw new Error('the establishment has participants');
    // The page is held, so only the notification can make the change show.
    const { establishmentId } = await correspondantOf(ctx, 'corr.etablissement');
    const key = scopeKey('ETABLISSEMENT', establishmentId ?? 0);
    expect(participantPageCache().get(key, 'raisonSocialeEntreprise:a:0:15')?.items).toEqual(before.items);
    await ctx.database.db
      .update(participants)
      .set({ firstName: 'Changé' })
      .where(eq(participants.id, first.id));
    await vi.waitFor(async () => expect((await firstPage()).items[0]?.prenom).toBe('Changé'), {
      timeout: 2000,
    });
  });

  it('drops pages at once after a write through the API', async () => {
    const before = await firstPage();
    const first = before.items.find((row) => !row.bilanEnCours && !row.mutationEnCours);
    if (!first) throw new Error('a participant without check-up or transfer expected');
    const reason = await ctx.database.db.execute(
      sql`select id from enum_items where namespace = 'motifmouvement' and active limit 1`,
    );
    const motifMouvement = (reason as unknown as { rows: { id: number }[] }).rows[0]?.id;
    const terminated = await ctx.app.inject({
      method: 'POST',
      url: `/api/adherents/${first.id}/resilier`,
      headers: await headersOf(ctx, 'corr.etablissement'),
      payload: { motifMouvement },
    });
    expect(terminated.statusCode).toBe(200);
    const after = await firstPage();
    expect(after.items.map((row) => row.id)).not.toContain(first.id);
    expect(after.totalRows).toBe(before.totalRows - 1);
  });

  it('refuses to store a page read before an eviction', () => {
    const cache = new ParticipantPageCache(5000);
    const page = { items: [], totalRows: 3 };
    const epoch = cache.begin();
    cache.evict('E1');
    cache.set('E1', 'p', page, epoch);
    expect(cache.get('E1', 'p')).toBeUndefined();
    cache.set('E1', 'p', page, cache.begin());
    expect(cache.get('E1', 'p')).toEqual(expect.objectContaining(page));
    cache.evict('C4,E1');
    expect(cache.get('E1', 'p')).toBeUndefined();
  });

  it('stores nothing when disabled, and forgets a page after its time-to-live', () => {
    const disabled = new ParticipantPageCache(0);
    disabled.set('E1', 'p', { items: [], totalRows: 1 }, disabled.begin());
    expect(disabled.get('E1', 'p')).toBeUndefined();
    vi.useFakeTimers();
    try {
      const cache = new ParticipantPageCache(1000);
      cache.set('G2', 'p', { items: [], totalRows: 1 }, cache.begin());
      vi.advanceTimersByTime(1001);
      expect(cache.get('G2', 'p')).toBeUndefined();
    } finally {
      vi.useRealTimers();
    }
  });
});

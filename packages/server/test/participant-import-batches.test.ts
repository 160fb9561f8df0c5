import { count, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { participants } from '../src/db/schema';
import { createTestContext, type TestContext } from './helper';
import { checked, csvOf, finished, freshRow, run } from './participant-import-api-fixtures';
import { headersOf } from './participants-fixtures';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ participants: 200 });
});
afterAll(async () => ctx.close());

/**
 * A file of several batches, imported while other users read the list. The figures (5,000 rows
 * checked in 10 s and imported in 60 s on PostgreSQL) are measured by `npm run bench`, on a quiet
 * machine; here the times are only printed (5,000 rows took 100 s of the suite on PGlite).
 */
const ROWS = 500;
describe(`a file of ${ROWS} rows`, () => {
  it('is checked, then imported, while the participant list still answers', async () => {
    const rows = Array.from({ length: ROWS }, () => freshRow());
    const bytes = csvOf(rows);
    const database = process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite';

    let start = performance.now();
    const check = await checked(ctx, bytes);
    const checkMs = performance.now() - start;
    expect(check.counts).toMatchObject({ rows: ROWS, new: ROWS });

    start = performance.now();
    const reply = await run(ctx, check.id);
    expect(reply.statusCode).toBe(202);
    const answerMs = performance.now() - start;
    // Other users meanwhile: the list's answer times while the batches run.
    const headers = await headersOf(ctx, 'corr.entreprise');
    const waits: number[] = [];
    let status = await finished(ctx, check.id, { timeoutMs: 1 }).catch(() => null);
    while (!status) {
      const asked = performance.now();
      const list = await ctx.app.inject({
        method: 'GET',
        url: '/api/adherentsCorrespondant',
        headers,
        query: { nom: 'A' },
      });
      expect(list.statusCode).toBe(200);
      waits.push(performance.now() - asked);
      await new Promise((resolve) => setTimeout(resolve, 200));
      status = await finished(ctx, check.id, { timeoutMs: 1 }).catch(() => null);
    }
    const importMs = performance.now() - start;
    expect(status).toMatchObject({ state: 'done', created: ROWS, refused: 0 });
    const [created] = await ctx.database.db
      .select({ n: count() })
      .from(participants)
      .where(
        inArray(
          participants.lastName,
          rows.map((row) => (row.Nom ?? '').toUpperCase()),
        ),
      );
    expect(created?.n).toBe(ROWS);
    const slowest = Math.max(0, ...waits);
    console.info(
      `participant import on ${database}: ${ROWS} rows checked in ${(checkMs / 1000).toFixed(1)} s, run answered in ${answerMs.toFixed(0)} ms, imported in ${(importMs / 1000).toFixed(1)} s; list during the run: ${waits.length} calls, slowest ${slowest.toFixed(0)} ms`,
    );
    expect(waits.length).toBeGreaterThan(0);
  }, 300_000);
});

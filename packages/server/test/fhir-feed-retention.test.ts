import type { Bundle, OperationOutcome } from '@medplum/fhirtypes';
import { FHIR_BASE_PATH } from '@portail/contract/integration/fhir';
import { inArray, sql } from 'drizzle-orm';
import { Client } from 'fhir-kit-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/rows';
import { fhirChanges, fhirNotifications } from '../src/db/schema';
import { purgeFeed } from '../src/features/integration/feed-retention';
import { createSubscription } from '../src/features/integration/subscriptions.service';
import { freePort, systemClient } from './fhir-fixtures';
import { createTestContext, type TestContext } from './helper';

/**
 * The change feed's retention (FEED_RETENTION_DAYS, 90 days by default): old changes and settled
 * notifications are swept, and a `_since` beyond the horizon is refused 410 Gone rather than answered
 * with a page that silently skips what was swept.
 */
let ctx: TestContext;
let client: Client;

beforeAll(async () => {
  const port = await freePort();
  // The sweep every second, so that the test can watch the plugin's timer run.
  ctx = await createTestContext({
    participants: 5,
    env: { PUBLIC_URL: `http://127.0.0.1:${port}`, SWEEP_INTERVAL_S: '1' },
  });
  await ctx.app.listen({ port, host: '127.0.0.1' });
  const reader = await systemClient(ctx, 'system/Patient.rs');
  client = new Client({
    baseUrl: `http://127.0.0.1:${port}${FHIR_BASE_PATH}`,
    bearerToken: await reader.token(),
  });
}, 60_000);
afterAll(async () => ctx.close());

const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString();

/** Changes placed `days` ago (one each), as the feed would hold them; their ids. */
async function oldChanges(...days: number[]): Promise<number[]> {
  const rows = await ctx.database.db
    .insert(fhirChanges)
    .values(
      days.map((age, i) => ({
        resourceType: 'Patient',
        resourceId: String(1 + i),
        method: 'PUT' as const,
        // A few microseconds apart: the feed's instants are unique.
        publishedAt: sql`${daysAgo(age)}::timestamptz + ${i} * interval '1 microsecond'`,
      })),
    )
    .returning({ id: fhirChanges.id });
  return rows.map((row) => row.id);
}

async function notificationsOf(
  subscriptionId: string,
  rows: { status: 'pending' | 'sent' | 'dead'; days: number }[],
): Promise<string[]> {
  const inserted = await ctx.database.db
    .insert(fhirNotifications)
    .values(
      rows.map((row, i) => ({
        subscriptionId,
        changeId: i + 1,
        resourceType: 'Patient',
        resourceId: '1',
        method: 'PUT' as const,
        changedAt: new Date(daysAgo(row.days)),
        status: row.status,
        createdAt: new Date(daysAgo(row.days)),
      })),
    )
    .returning({ id: fhirNotifications.id });
  return inserted.map((row) => row.id);
}

const remaining = async (ids: number[]) =>
  (
    await ctx.database.db.select({ id: fhirChanges.id }).from(fhirChanges).where(inArray(fhirChanges.id, ids))
  ).map((row) => row.id);

describe('the sweep', () => {
  it('deletes changes placed before the horizon and notifications settled before it, nothing else', async () => {
    // A 30-day horizon here: the server's own sweep (90 days, every second in this file) leaves these
    // rows alone, so what disappears is this call's doing.
    const [old, recent] = await oldChanges(31, 29);
    const owner = await systemClient(ctx, 'system/Patient.rs system/Subscription.cru');
    const { row } = await createSubscription(ctx.database.db, owner.clientId, {
      status: 'off',
      criteria: 'Patient',
      resourceType: 'Patient',
      filter: '',
      endpoint: 'https://backoffice.example.fr/hook',
      payload: null,
      payloadContent: 'empty',
      reason: '',
    });
    const [sentOld, deadOld, pendingOld, sentRecent] = await notificationsOf(row.id, [
      { status: 'sent', days: 31 },
      { status: 'dead', days: 31 },
      { status: 'pending', days: 31 },
      { status: 'sent', days: 29 },
    ]);
    // A change whose transaction has not been placed in the feed yet (published_at null) stays.
    const [unplaced] = await rowsOf<{ id: number }>(
      ctx.database.db,
      sql`insert into fhir_changes (resource_type, resource_id, method) values ('Patient', '1', 'PUT') returning id`,
    );
    const swept = await purgeFeed(ctx.database.db, 30);
    expect(swept).toEqual({ changes: 1, notifications: 2 });
    expect(await remaining([old ?? 0, recent ?? 0, Number(unplaced?.id)])).toEqual(
      [recent, Number(unplaced?.id)].sort((a, b) => (a ?? 0) - (b ?? 0)),
    );
    const left = await ctx.database.db
      .select({ id: fhirNotifications.id })
      .from(fhirNotifications)
      .where(inArray(fhirNotifications.id, [sentOld, deadOld, pendingOld, sentRecent].map(String)));
    expect(new Set(left.map((each) => each.id))).toEqual(new Set([pendingOld, sentRecent]));
  });

  it('runs in the server every SWEEP_INTERVAL_S', async () => {
    const [old] = await oldChanges(120);
    const deadline = Date.now() + 5_000;
    while ((await remaining([old ?? 0])).length > 0 && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await remaining([old ?? 0])).toEqual([]);
  });
});

describe('_since beyond the horizon', () => {
  it('answers 410 Gone with an OperationOutcome naming _since; a _since within it is served', async () => {
    for (const path of ['Patient/_history', '_history']) {
      const refused = await client
        .request(`${path}?_since=${encodeURIComponent(daysAgo(91))}`)
        .then(() => null)
        .catch((error: { response: { status: number; data: OperationOutcome } }) => error.response);
      expect(refused?.status, path).toBe(410);
      expect(refused?.data.resourceType).toBe('OperationOutcome');
      expect(refused?.data.issue[0]).toMatchObject({ code: 'not-found', expression: ['_since'] });
      expect(refused?.data.issue[0]?.diagnostics).toMatch(/90 days.*Reload/);
    }
    const served = (await client.request(
      `Patient/_history?_since=${encodeURIComponent(daysAgo(89))}`,
    )) as unknown as Bundle;
    expect(served.type).toBe('history');
  });
});

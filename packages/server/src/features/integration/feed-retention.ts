import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import type { Db, DbOrTx } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { FhirError } from './fhir-outcome';

/**
 * The change feed's retention (README "Integration API: change feed and subscriptions"): a change is
 * kept FEED_RETENTION_DAYS after its place in the feed, then swept, with the notifications settled
 * (sent or given up) as long ago. Without it `fhir_changes` would hold every change ever made, one row
 * per participant of each bulk load.
 */

const horizonOf = (days: number) => sql`now() - make_interval(days => ${days})`;

export interface FeedSweep {
  changes: number;
  notifications: number;
}

/**
 * Deletes the changes placed before the horizon and the notifications settled before it. A change not
 * yet placed (its transaction committed a moment ago) is never deleted; nor is a pending notification
 * (a retry still due: its attempts end within hours). The deletes are idempotent, so every instance
 * runs them.
 */
export async function purgeFeed(db: DbOrTx, days: number): Promise<FeedSweep> {
  const [changes] = await rowsOf<{ n: number | string }>(
    db,
    sql`with gone as (delete from fhir_changes where published_at < ${horizonOf(days)} returning 1)
        select count(*) as n from gone`,
  );
  const [notifications] = await rowsOf<{ n: number | string }>(
    db,
    sql`with gone as (
          delete from fhir_notifications where status <> 'pending' and created_at < ${horizonOf(days)}
          returning 1)
        select count(*) as n from gone`,
  );
  return { changes: Number(changes?.n ?? 0), notifications: Number(notifications?.n ?? 0) };
}

/**
 * Refuses a `_since` older than the horizon: the changes after it may have been swept, and a page that
 * silently started later would make the client miss them. 410 Gone, not 400: the `_since` was valid
 * when the client stored it and is well-formed; what it points to is gone for good, and the client's
 * remedy is a reload (search, then poll from the new Bundle's `meta.lastUpdated`), not a fix of its
 * request. The comparison is on the database's clock, the sweep's, so the answer never depends on
 * whether a sweep has run yet.
 */
export async function refuseSinceBeyondRetention(db: DbOrTx, since: string, days: number): Promise<void> {
  const [row] = await rowsOf<{ gone: boolean }>(
    db,
    sql`select ${since}::timestamptz < ${horizonOf(days)} as gone`,
  );
  if (row?.gone)
    throw new FhirError(410, [
      {
        code: 'not-found',
        diagnostics: `The feed keeps changes for ${days} days (FEED_RETENTION_DAYS): those since ${since} may be gone. Reload with a search (_lastUpdated), then poll with the Bundle's meta.lastUpdated as _since`,
        expression: ['_since'],
      },
    ]);
}

/**
 * The sweep as a plugin that owns its timer: every SWEEP_INTERVAL_S (the portal's sweeper's interval,
 * auth/sweep.ts), in every instance, from the moment the app is ready until it closes.
 */
export function feedRetention(deps: { db: Db; config: Config }) {
  return async (app: FastifyInstance) => {
    let timer: NodeJS.Timeout | null = null;
    app.addHook('onReady', async () => {
      timer = setInterval(() => {
        purgeFeed(deps.db, deps.config.feedRetentionDays).catch((error: unknown) =>
          app.log.warn({ err: error }, 'sweep of the change feed failed'),
        );
      }, deps.config.sweepIntervalS * 1000);
      timer.unref();
    });
    app.addHook('onClose', async () => {
      if (timer) clearInterval(timer);
    });
  };
}

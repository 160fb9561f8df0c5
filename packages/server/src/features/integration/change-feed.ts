import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { rowsOf } from '../../db/rows';

/** The channel the feed's triggers NOTIFY at each commit that changed something (migration 0018). */
export const FHIR_CHANGES_CHANNEL = 'portail_fhir_changes';

/** How many changes one publication places at most (a bulk load is published in several turns). */
export const PUBLISH_BATCH = 20_000;

export type ChangeMethod = 'POST' | 'PUT' | 'DELETE';

/** One change of the feed, at its place. */
export interface FeedChange {
  id: number;
  resourceType: string;
  resourceId: string;
  method: ChangeMethod;
  /** Its instant in the feed, to the microsecond (`2026-11-25T09:30:00.123456Z`): unique and ordered. */
  at: string;
}

export interface FeedPage {
  changes: FeedChange[];
  /**
   * The `_since` that reads on from this page: the instant of the first change of the next page, or,
   * at the end of the feed, one microsecond after the last instant handed out (every change published
   * later gets a later one). Null when the feed has never held anything and no `_since` was given.
   */
  next: string | null;
  /** Whether more changes follow at once (a next page). */
  more: boolean;
}

/** An instant as the feed writes it: UTC, six decimals, `Z` (FHIR instants take any precision). */
const instantText = (column: ReturnType<typeof sql>) =>
  sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/**
 * Places the committed changes not yet in the feed (`fhir_publish_changes`, migration 0018). Cheap when
 * there is nothing to place (one index probe). Returns how many were placed, or -1 when another caller
 * (another instance) holds the turn and is placing them.
 */
export async function publishChanges(db: DbOrTx): Promise<number> {
  const [row] = await rowsOf<{ n: number }>(db, sql`select fhir_publish_changes(${PUBLISH_BATCH}) as n`);
  return Number(row?.n ?? 0);
}

/** How long a caller waits for another caller's turn before it reads what is placed so far. */
const TURN_WAIT_MS = 2_000;

/**
 * publishChanges, waiting out another caller's turn: that caller (another instance's delivery loop, or
 * a poll) may have started before the caller's own last commit, and so not place it; reading at once
 * would leave out a change committed before the poll (not lost, as it is placed later at a later
 * instant, but late by one poll). Retries until it gets the turn itself, for up to two seconds (a turn
 * is one short statement). Returns how many it placed, or -1 if it never got the turn.
 */
export async function publishChangesInTurn(db: DbOrTx): Promise<number> {
  const deadline = Date.now() + TURN_WAIT_MS;
  for (;;) {
    const placed = await publishChanges(db);
    if (placed >= 0 || Date.now() >= deadline) return placed;
    await new Promise((resolve) => setTimeout(resolve, 3));
  }
}

/**
 * A page of the feed from `since` (included), oldest first, of the given resource types (null: all).
 * One statement reads the page and the feed's last instant, so `next` never lies beyond a change the
 * page could not see.
 */
export async function readChanges(
  db: DbOrTx,
  query: { since: string | null; types: readonly string[] | null; count: number },
): Promise<FeedPage> {
  const since = query.since === null ? sql`true` : sql`published_at >= ${query.since}::timestamptz`;
  const types =
    query.types === null
      ? sql`true`
      : query.types.length === 0
        ? sql`false`
        : sql`resource_type in (${sql.join(
            query.types.map((type) => sql`${type}`),
            sql`, `,
          )})`;
  const sinceValue = query.since === null ? sql`null::timestamptz` : sql`${query.since}::timestamptz`;
  const rows = await rowsOf<{
    id: string | number | null;
    resource_type: string;
    resource_id: string;
    method: ChangeMethod;
    at: string | null;
    end_of_feed: string | null;
  }>(
    db,
    sql`with page as (
          select id, resource_type, resource_id, method, published_at
          from fhir_changes
          where published_at is not null and ${since} and ${types}
          order by published_at
          limit ${query.count + 1}
        ),
        high as (
          select greatest(max(published_at) + interval '1 microsecond', ${sinceValue}) as end_of_feed
          from fhir_changes
        )
        select page.id, page.resource_type, page.resource_id, page.method,
               ${instantText(sql`page.published_at`)} as at, ${instantText(sql`high.end_of_feed`)} as end_of_feed
        from high left join page on true
        order by page.published_at`,
  );
  const endOfFeed = rows[0]?.end_of_feed ?? null;
  const found = rows.flatMap((row): FeedChange[] =>
    row.id === null || row.at === null
      ? []
      : [
          {
            id: Number(row.id),
            resourceType: row.resource_type,
            resourceId: row.resource_id,
            method: row.method,
            at: row.at,
          },
        ],
  );
  const more = found.length > query.count;
  const changes = found.slice(0, query.count);
  const next = more ? (found[query.count]?.at ?? null) : endOfFeed;
  return { changes, next, more };
}

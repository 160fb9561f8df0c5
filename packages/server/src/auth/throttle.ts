import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { throttles } from '../db/schema';
import { tooManyRequests } from '../lib/errors';

export interface ThrottleRule {
  /** Hits allowed in one window. */
  limit: number;
  windowS: number;
}

export type ThrottleOutcome = { allowed: true } | { allowed: false; retryAfterS: number };

/**
 * Counts one hit against `key` in a fixed window, in one atomic statement: concurrent requests each
 * get their own number, so no more than `limit` of them are ever allowed in a window, on every
 * instance alike. A window that has ended starts again at this hit.
 */
export async function hit(db: DbOrTx, key: string, rule: ThrottleRule): Promise<ThrottleOutcome> {
  const window = sql`make_interval(secs => ${rule.windowS})`;
  const [row] = await db
    .insert(throttles)
    .values({ key, hits: 1 })
    .onConflictDoUpdate({
      target: throttles.key,
      set: {
        hits: sql`case when ${throttles.windowStart} + ${window} <= now() then 1 else least(${throttles.hits} + 1, 1000000) end`,
        windowStart: sql`case when ${throttles.windowStart} + ${window} <= now() then now() else ${throttles.windowStart} end`,
      },
    })
    .returning({
      hits: throttles.hits,
      remainingS: sql<number>`extract(epoch from (${throttles.windowStart} + ${window} - now()))::float8`,
    });
  if (!row || row.hits <= rule.limit) return { allowed: true };
  return { allowed: false, retryAfterS: Math.max(1, Number(row.remainingS)) };
}

/**
 * Whether `key` has used up its window, without counting a hit: for rules that count failures only
 * (a failure calls `hit`), where a request that may succeed must not spend anything.
 */
export async function peek(db: DbOrTx, key: string, rule: ThrottleRule): Promise<ThrottleOutcome> {
  const window = sql`make_interval(secs => ${rule.windowS})`;
  const [row] = await db
    .select({
      hits: throttles.hits,
      remainingS: sql<number>`extract(epoch from (${throttles.windowStart} + ${window} - now()))::float8`,
    })
    .from(throttles)
    .where(eq(throttles.key, key));
  if (!row || row.hits < rule.limit || Number(row.remainingS) <= 0) return { allowed: true };
  return { allowed: false, retryAfterS: Math.max(1, Number(row.remainingS)) };
}

/**
 * Counts a hit on each key and throws 429 with Retry-After when any of them is past its limit, with
 * `messageKey` as the reply's message (the generic `http.429` by default).
 */
export async function enforce(
  db: DbOrTx,
  hits: ReadonlyArray<[key: string, rule: ThrottleRule]>,
  messageKey?: string,
) {
  let wait = 0;
  for (const [key, rule] of hits) {
    const outcome = await hit(db, key, rule);
    if (!outcome.allowed) wait = Math.max(wait, outcome.retryAfterS);
  }
  if (wait > 0) throw tooManyRequests(wait, messageKey);
}

/** Forgets a key's hits (a successful recovery clears the account's counter). */
export async function forget(db: DbOrTx, key: string): Promise<void> {
  await db.delete(throttles).where(sql`${throttles.key} = ${key}`);
}

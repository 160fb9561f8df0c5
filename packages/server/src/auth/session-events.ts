import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { listenOnPostgres } from '../db/notifications';
import { sessionCache } from './session-cache';

const CHANNEL = 'portail_sessions';

function apply(payload: string): void {
  const [kind, id] = payload.split(':');
  if (kind === 's' && id) sessionCache.evictSession(id);
  else if (kind === 'u' && id) sessionCache.evictUser(Number(id));
  else sessionCache.clear();
}

/**
 * Tells this instance and every other one that a session ended or changed. Inside a transaction the
 * notification leaves at commit, like the change it announces: the local eviction happens at once,
 * and the listener (this instance's too) evicts again after commit, so a request that read the row
 * before the commit cannot keep it cached.
 */
export async function sessionChanged(db: DbOrTx, sessionId: string): Promise<void> {
  apply(`s:${sessionId}`);
  await db.execute(sql`select pg_notify(${CHANNEL}, ${`s:${sessionId}`})`);
}

/** An account changed (disabled, consent, language, password): every session of it is read again. */
export async function userChanged(db: DbOrTx, userId: number): Promise<void> {
  apply(`u:${userId}`);
  await db.execute(sql`select pg_notify(${CHANNEL}, ${`u:${userId}`})`);
}

/**
 * Listens for other instances' notifications on PostgreSQL. A lost connection clears the cache (a
 * notification may have been missed) until the listener is back.
 */
export function listenForSessionChanges(
  url: string,
  log: { warn: (msg: string) => void },
): () => Promise<void> {
  return listenOnPostgres(
    url,
    CHANNEL,
    { message: (payload) => payload && apply(payload), lost: () => sessionCache.clear() },
    log,
  );
}

import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { DbOrTx } from '../db/client';
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
 * notification may have been missed) and reconnects.
 */
export function listenForSessionChanges(
  url: string,
  log: { warn: (msg: string) => void },
): () => Promise<void> {
  let client: pg.Client | null = null;
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;
  const reconnect = () => {
    clearTimeout(retry);
    if (!stopped) retry = setTimeout(() => void connect(), 1000);
  };
  const connect = async () => {
    if (stopped) return;
    const next = new pg.Client({ connectionString: url });
    next.on('notification', (message) => {
      if (message.channel === CHANNEL && message.payload) apply(message.payload);
    });
    next.on('error', () => undefined);
    next.on('end', () => {
      sessionCache.clear();
      reconnect();
    });
    try {
      await next.connect();
      await next.query(`listen ${CHANNEL}`);
      client = next;
    } catch {
      log.warn('session notifications: cannot listen yet, retrying');
      sessionCache.clear();
      await next.end().catch(() => undefined);
      reconnect();
    }
  };
  void connect();
  return async () => {
    stopped = true;
    clearTimeout(retry);
    await client?.end().catch(() => undefined);
  };
}

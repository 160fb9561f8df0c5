import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { listenOnPostgres } from '../db/notifications';
import { SessionCache } from './session-cache';

const CHANNEL = 'portail_sessions';

/**
 * The app's sessions recently validated (its cache) and the news that one ended or changed. The app
 * creates one and hands it to the guard and to every feature that ends sessions or changes what a
 * session shows (an account disabled, a consent, a language, a password).
 */
export class SessionEvents {
  readonly cache: SessionCache;

  constructor(cacheTtlMs: number) {
    this.cache = new SessionCache(cacheTtlMs);
  }

  private apply(payload: string): void {
    const [kind, id] = payload.split(':');
    if (kind === 's' && id) this.cache.evictSession(id);
    else if (kind === 'u' && id) this.cache.evictUser(Number(id));
    else this.cache.clear();
  }

  /**
   * Tells this instance and every other one that a session ended or changed. Inside a transaction
   * the notification leaves at commit, like the change it announces: the local eviction happens at
   * once, and the listener (this instance's too) evicts again after commit, so a request that read
   * the row before the commit cannot keep it cached.
   */
  async sessionChanged(db: DbOrTx, sessionId: string): Promise<void> {
    this.apply(`s:${sessionId}`);
    await db.execute(sql`select pg_notify(${CHANNEL}, ${`s:${sessionId}`})`);
  }

  /** An account changed (disabled, consent, language, password): every session of it is read again. */
  async userChanged(db: DbOrTx, userId: number): Promise<void> {
    this.apply(`u:${userId}`);
    await db.execute(sql`select pg_notify(${CHANNEL}, ${`u:${userId}`})`);
  }

  /**
   * Listens for other instances' notifications on PostgreSQL. A lost connection clears the cache (a
   * notification may have been missed) until the listener is back.
   */
  listen(url: string, log: { warn: (msg: string) => void }): () => Promise<void> {
    return listenOnPostgres(
      url,
      CHANNEL,
      { message: (payload) => payload && this.apply(payload), lost: () => this.cache.clear() },
      log,
    );
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The app's SessionEvents, for the tests that watch its cache. */
    sessions: SessionEvents;
  }
}

import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/client';
import type { Change, Changes } from './changes';

interface Entry<V> {
  value: V;
  storedAt: number;
}

/**
 * Recently read pages of a list, by scope (a correspondant's establishment, a participant) and by page
 * (the query). Correctness does not rest on the time-to-live: the tables' triggers NOTIFY, at commit,
 * the scopes a statement touched, and their pages are dropped in every instance (`evict`); the
 * time-to-live only bounds the damage of a lost notification, and a lost listening connection clears
 * the cache. A page read before an eviction is never stored after it (`begin` / `set`).
 */
export class PageCache<V extends object> {
  private readonly scopes = new Map<string, Map<string, Entry<V>>>();
  private size = 0;
  // Bumped by every eviction: a page read before one must not be stored after it.
  private epoch = 0;

  constructor(
    private ttlMs = 5000,
    private readonly max = 10_000,
  ) {}

  configure(ttlMs: number): void {
    this.ttlMs = ttlMs;
    this.clear();
  }

  get enabled(): boolean {
    return this.ttlMs > 0;
  }

  /** The epoch to hand back to `set`: a store is refused if anything was evicted in between. */
  begin(): number {
    return this.epoch;
  }

  get(scope: string, page: string): V | undefined {
    const pages = this.scopes.get(scope);
    const entry = pages?.get(page);
    if (!pages || !entry) return undefined;
    if (Date.now() - entry.storedAt > this.ttlMs) {
      pages.delete(page);
      this.size--;
      return undefined;
    }
    return entry.value;
  }

  set(scope: string, page: string, value: V, epoch: number): void {
    if (!this.enabled || epoch !== this.epoch) return;
    if (this.size >= this.max) this.clear();
    let pages = this.scopes.get(scope);
    if (!pages) {
      pages = new Map();
      this.scopes.set(scope, pages);
    }
    if (!pages.has(page)) this.size++;
    // Handed out as is to every caller of the page: frozen, so nobody changes it for the others, and
    // so that the reply serializer may keep its text (lib/serializer.ts).
    pages.set(page, { value: Object.freeze(value), storedAt: Date.now() });
  }

  /**
   * The page of `scope` under `page`, read by `load` when it is not kept, then kept unless something
   * was evicted meanwhile. A null scope (a caller without one) is never kept.
   */
  async through(scope: string | null, page: string, load: () => Promise<V>): Promise<V> {
    const cached = scope === null ? undefined : this.get(scope, page);
    if (cached) return cached;
    const epoch = this.begin();
    const value = await load();
    if (scope !== null) this.set(scope, page, value, epoch);
    return value;
  }

  /** A notification's payload: scope keys separated by commas, or `*` for everything. */
  evict(payload: string): void {
    this.epoch++;
    if (payload === '*' || payload === '') {
      this.clear();
      return;
    }
    for (const scope of payload.split(',')) {
      const pages = this.scopes.get(scope);
      if (!pages) continue;
      this.size -= pages.size;
      this.scopes.delete(scope);
    }
  }

  clear(): void {
    this.epoch++;
    this.scopes.clear();
    this.size = 0;
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every list cache the features created, by name: read by the tests and for operations. */
    listCaches: Record<string, PageCache<object>>;
  }
}

/** What keeps a feature's cache right besides its own writes. */
export interface CacheSources {
  listen: Database['listen'];
  changes: Changes;
}

/**
 * A feature's list cache, kept right for as long as the app runs: its tables' notifications (heard by
 * every instance, `scopes` evicting the scopes named by the payload, `all` dropping everything), and
 * this instance's announced changes; listening stops when the app closes. Registered as
 * `app.listCaches[name]`.
 */
export function keepFresh<V extends object>(
  app: FastifyInstance,
  name: string,
  cache: PageCache<V>,
  sources: CacheSources,
  follow: { channels: readonly { name: string; evict: 'scopes' | 'all' }[]; changes?: readonly Change[] },
): void {
  app.listCaches[name] = cache;
  if (!cache.enabled) return;
  const stops = follow.channels.map((channel) =>
    sources.listen(
      channel.name,
      {
        message: (payload) => (channel.evict === 'scopes' ? cache.evict(payload) : cache.clear()),
        lost: () => cache.clear(),
      },
      app.log,
    ),
  );
  const offs = (follow.changes ?? []).map((change) => sources.changes.on(change, () => cache.clear()));
  app.addHook('onClose', async () => {
    for (const off of offs) off();
    for (const stop of stops) await stop();
  });
}

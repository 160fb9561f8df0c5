import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { listenOnPostgres } from '../src/db/notifications';
import { PageCache } from '../src/lib/page-cache';

/**
 * The LISTEN connection of the list caches, with PostgreSQL going away and coming back. The driver is
 * replaced by a fake whose connections can be cut and refused, so the order of events is exact.
 */
const driver = vi.hoisted(() => ({ refuse: 0, clients: [] as { emit(event: string): boolean }[] }));

vi.mock('pg', async () => {
  const { EventEmitter: Emitter } = await import('node:events');
  class FakeClient extends Emitter {
    async connect() {
      if (driver.refuse > 0) {
        driver.refuse--;
        throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
      }
      driver.clients.push(this);
    }
    async query() {
      return { rows: [] };
    }
    async end() {
      this.emit('end');
    }
  }
  return { default: { Client: FakeClient } };
});

const log = { warn: () => undefined };

beforeEach(() => {
  vi.useFakeTimers();
  driver.refuse = 0;
  driver.clients.length = 0;
});
afterEach(() => {
  vi.useRealTimers();
});

/** A page cache kept by LISTEN on the participants' channel, as app.ts wires it. */
function cachedListener() {
  const cache = new PageCache<{ page: number }>(60_000);
  const stop = listenOnPostgres(
    'postgres://portail@127.0.0.1/portail',
    'portail_participants',
    { message: (payload) => cache.evict(payload), lost: () => cache.clear() },
    log,
  );
  return { cache, stop };
}

describe('listenOnPostgres and a PostgreSQL restart', () => {
  it('drops a page cached after the last failed attempt once it listens again', async () => {
    const { cache, stop } = cachedListener();
    await vi.advanceTimersByTimeAsync(0);
    expect(driver.clients).toHaveLength(1);

    // PostgreSQL stops: the connection ends, the next attempt is refused.
    driver.refuse = 1;
    driver.clients[0]?.emit('end');
    await vi.advanceTimersByTimeAsync(1000);
    expect(driver.clients).toHaveLength(1);

    // PostgreSQL is back for the pool before the listener's next attempt: a page is read and cached,
    // and a write committed meanwhile notified nobody.
    cache.set('E1', 'page-0', { page: 0 }, cache.begin());
    expect(cache.get('E1', 'page-0')).toEqual({ page: 0 });

    await vi.advanceTimersByTimeAsync(1000);
    expect(driver.clients).toHaveLength(2);
    expect(cache.get('E1', 'page-0')).toBeUndefined();
    await stop();
  });

  it('keeps what it cached while it listens', async () => {
    const { cache, stop } = cachedListener();
    await vi.advanceTimersByTimeAsync(0);
    cache.set('E1', 'page-0', { page: 0 }, cache.begin());
    await vi.advanceTimersByTimeAsync(5000);
    expect(cache.get('E1', 'page-0')).toEqual({ page: 0 });
    expect(driver.clients).toHaveLength(1);
    await stop();
  });
});

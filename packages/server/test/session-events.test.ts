import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import type { Caller } from '../src/auth/caller';
import { SessionEvents } from '../src/auth/session-events';

const url = process.env.TEST_DATABASE_URL;
const stops: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const stop of stops) await stop();
});

async function until(check: () => boolean, ms = 5000): Promise<void> {
  const end = Date.now() + ms;
  while (!check() && Date.now() < end) await new Promise((resolve) => setTimeout(resolve, 50));
}

// Another instance's NOTIFY must evict what this process cached; only a real PostgreSQL has other instances.
describe.runIf(url)('session notifications between instances', () => {
  it('evicts a session and every session of a user when another instance announces a change', async () => {
    const events = new SessionEvents(60_000);
    const sessionCache = events.cache;
    stops.push(events.listen(url ?? '', { warn: () => undefined }));
    const entry = (userId: number) => ({
      caller: { userId } as Caller,
      expiresAt: new Date(Date.now() + 60_000),
      lastSeenAt: new Date(),
    });
    // The listener connects in the background: wait until a probe notification comes through.
    const other = new pg.Client({ connectionString: url });
    await other.connect();
    sessionCache.set('probe', entry(0), sessionCache.begin());
    await until(() => {
      void other.query(`select pg_notify('portail_sessions', 's:probe')`);
      return sessionCache.get('probe') === undefined;
    });
    expect(sessionCache.get('probe')).toBeUndefined();

    sessionCache.set('s1', entry(41), sessionCache.begin());
    sessionCache.set('s2', entry(42), sessionCache.begin());
    sessionCache.set('s3', entry(42), sessionCache.begin());
    await other.query(`select pg_notify('portail_sessions', 's:s1')`);
    await until(() => sessionCache.get('s1') === undefined);
    expect(sessionCache.get('s1')).toBeUndefined();
    expect(sessionCache.get('s2')).toBeDefined();
    await other.query(`select pg_notify('portail_sessions', 'u:42')`);
    await until(() => sessionCache.get('s2') === undefined && sessionCache.get('s3') === undefined);
    expect(sessionCache.get('s2')).toBeUndefined();
    expect(sessionCache.get('s3')).toBeUndefined();
    await other.end();
  });
});

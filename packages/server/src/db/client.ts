import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { getConstructionPlans } from 'pg-boss';
import { type ChannelHandlers, listenOnPostgres } from './notifications';
import * as schema from './schema';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema>;
/** Either the database or a transaction: what queries take so they can join a caller's transaction. */
export type DbOrTx = Db | Tx;

const MIGRATION_LOCK = 72_430_001;

/** The delivery queue's own schema (notify/delivery-queue.ts), installed with the portal's tables. */
export const QUEUE_SCHEMA = 'pgboss';
const queueSchemaPlan = () => getConstructionPlans(QUEUE_SCHEMA);

/** pg-boss keeps its schema's version in a table of its own: there once installed (it migrates it itself). */
async function queueInstalled(query: (text: string) => Promise<{ rows: unknown[] }>): Promise<boolean> {
  const { rows } = await query(`select to_regclass('${QUEUE_SCHEMA}.version') is not null as installed`);
  return (rows[0] as { installed?: boolean } | undefined)?.installed === true;
}
/** Longest wait for a PostgreSQL connection, new or pooled (scripts/faults.mjs checks replies end by 10 s). */
const CONNECT_TIMEOUT_MS = 5000;

export const MIGRATIONS_FOLDER = resolve(dirname(fileURLToPath(import.meta.url)), 'migrations');

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  /** True when the database answers a trivial query. */
  ping(): Promise<boolean>;
  /** LISTEN on a channel (what triggers and other instances NOTIFY); returns the function that stops. */
  listen(
    channel: string,
    handlers: ChannelHandlers,
    log: { warn: (msg: string) => void },
  ): () => Promise<void>;
  close(): Promise<void>;
  /** PGlite only: a copy of the whole data directory (tests start their databases from one). */
  snapshot?(): Promise<Blob>;
  /**
   * What the job queue (notify/delivery-queue.ts) connects with: a pool of its own on PostgreSQL,
   * the one embedded connection on PGlite.
   */
  queueConnection: { url: string } | { pglite: PGlite };
  /**
   * PostgreSQL only: the pool's connections, open and idle, and the queries waiting for one (the
   * operations metrics). PGlite has one embedded connection and no pool: absent.
   */
  poolStats?(): { total: number; idle: number; waiting: number };
}

export interface DatabaseOptions {
  /** postgres://... for a PostgreSQL server; absent for embedded PGlite. */
  url?: string;
  /** PGlite data directory; `memory` (or absent with url absent) for an in-memory database. */
  dataDir?: string;
  poolSize?: number;
  /** An in-memory PGlite starts from this copy of a data directory (`snapshot()`), skipping initdb. */
  loadDataDir?: Blob;
}

type Release = (error?: Error | boolean) => void;

/**
 * A pooled connection that dies while checked out (PostgreSQL restarted or crashed, the network cut)
 * must neither end the process nor keep its place in the pool. The pool listens to its clients only
 * while they are idle (and during pool.query): under a transaction (drizzle checks a client out with
 * pool.connect) the 'error' event reached nobody, an uncaught exception that ended the server; and
 * when the transaction's BEGIN is what fails, drizzle never releases the client, so each crash took
 * slots for good until no query could get a connection. Here a checked-out client that dies is
 * released at once, with its error (the pool then drops it), and a later release of it does nothing.
 */
function releaseOnDeath(client: pg.PoolClient): void {
  let release: Release | undefined;
  let released = true;
  // The pool assigns `release` at every check-out: the setter takes it, the getter makes it once-only.
  Object.defineProperty(client, 'release', {
    configurable: true,
    get: (): Release => (error) => {
      if (released || !release) return;
      released = true;
      release(error);
    },
    set: (next: Release) => {
      release = next;
      released = false;
    },
  });
  client.on('error', (error) => client.release(error));
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.url) {
    const pool = new pg.Pool({
      connectionString: options.url,
      max: options.poolSize ?? 10,
      // Without it, a connect to a host that drops packets, or a wait for a pooled connection while
      // every one is stuck, never ends: requests would hang instead of answering 503 (error-handler.ts).
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    });
    // An idle client's error (server restart) must not crash the process; the next query reconnects.
    pool.on('error', () => undefined);
    pool.on('connect', releaseOnDeath);
    const db = drizzlePostgres(pool, { schema }) as unknown as Db;
    return {
      db,
      kind: 'postgres',
      // Several instances may start at once: an advisory lock lets one migrate while the others wait.
      migrate: async () => {
        const lock = await pool.connect();
        try {
          await lock.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
          await migratePostgres(drizzlePostgres(lock, { schema }), { migrationsFolder: MIGRATIONS_FOLDER });
          if (!(await queueInstalled((text) => lock.query(text)))) await lock.query(queueSchemaPlan());
        } finally {
          await lock.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
          lock.release();
        }
      },
      ping: async () => {
        try {
          await pool.query('select 1');
          return true;
        } catch {
          return false;
        }
      },
      listen: (channel, handlers, log) => listenOnPostgres(options.url ?? '', channel, handlers, log),
      close: () => pool.end(),
      queueConnection: { url: options.url },
      poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    };
  }
  const dir = options.dataDir && options.dataDir !== 'memory' ? resolve(options.dataDir) : undefined;
  if (dir) mkdirSync(dir, { recursive: true });
  const client = dir
    ? new PGlite(dir)
    : new PGlite(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {});
  await client.waitReady;
  const pgliteDb = drizzlePglite(client, { schema });
  return {
    db: pgliteDb as unknown as Db,
    kind: 'pglite',
    migrate: async () => {
      await migratePglite(pgliteDb, { migrationsFolder: MIGRATIONS_FOLDER });
      if (!(await queueInstalled((text) => client.query(text)))) await client.exec(queueSchemaPlan());
    },
    ping: async () => !client.closed,
    snapshot: () => client.dumpDataDir('none'),
    listen: (channel, handlers) => {
      // PGlite delivers the notifications of its own connection, the only one there is.
      const stop = client.listen(channel, (payload) => handlers.message(payload));
      return async () => {
        if (!client.closed) await (await stop)();
      };
    },
    close: () => client.close(),
    queueConnection: { pglite: client },
  };
}

import type { AddressInfo } from 'node:net';
import { createServer, type Server } from 'node:net';
import { sql } from 'drizzle-orm';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import { drizzle } from 'drizzle-orm/node-postgres';
import Fastify, { type FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installErrorHandler } from '../src/lib/error-handler';
import { loggableError } from '../src/lib/request-log';

/**
 * What the database driver throws when PostgreSQL is away must answer 503 (the balancer's and the
 * web's "try again"), not 500; a real bug still answers 500. Connection failures are produced for real
 * where a socket can produce them: a refused port, a server that never answers, one that hangs up.
 */
let app: FastifyInstance;
let silent: Server;
let hangingUp: Server;
const failures = new Map<string, () => Promise<unknown>>();

const portOf = (server: Server) => (server.address() as AddressInfo).port;
const listening = (server: Server) =>
  new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));

/** A query through drizzle on a pool of one connection to `port`, as db/client.ts builds it. */
async function queryOn(port: number, options: pg.PoolConfig = {}): Promise<unknown> {
  const pool = new pg.Pool({
    connectionString: `postgres://portail@127.0.0.1:${port}/portail`,
    max: 1,
    ...options,
  });
  pool.on('error', () => undefined);
  try {
    return await drizzle(pool).execute(sql`select 1`);
  } finally {
    await pool.end().catch(() => undefined);
  }
}

function silentPool(connectionTimeoutMillis: number): pg.Pool {
  const pool = new pg.Pool({
    connectionString: `postgres://portail@127.0.0.1:${portOf(silent)}/portail`,
    max: 1,
    connectionTimeoutMillis,
  });
  pool.on('error', () => undefined);
  return pool;
}

/** A server-side refusal as pg reports it, wrapped by drizzle as every query's failure is. */
function serverError(code: string, message: string): DrizzleQueryError {
  const cause = new pg.DatabaseError(message, message.length, 'error');
  cause.code = code;
  return new DrizzleQueryError('select 1', [], cause);
}

beforeAll(async () => {
  silent = createServer(() => undefined);
  hangingUp = createServer((socket) => socket.destroy());
  await Promise.all([listening(silent), listening(hangingUp)]);
  app = Fastify({ logger: false });
  installErrorHandler(app);
  app.get<{ Params: { name: string } }>('/fail/:name', async (request) => {
    const fail = failures.get(request.params.name);
    if (!fail) throw new Error('unknown case');
    return fail();
  });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  silent.close();
  hangingUp.close();
});

async function replyTo(name: string, fail: () => Promise<unknown>) {
  failures.set(name, fail);
  const reply = await app.inject({ method: 'GET', url: `/fail/${name}` });
  return { status: reply.statusCode, body: reply.json() };
}

describe('the error handler and an unreachable database', () => {
  it.each([
    ['the port refuses connections (PostgreSQL stopped)', () => queryOn(1)],
    ['the connection dies under the query (a killed backend)', () => queryOn(portOf(hangingUp))],
    [
      'the server never answers (connectionTimeoutMillis)',
      () => queryOn(portOf(silent), { connectionTimeoutMillis: 100 }),
    ],
    [
      'every pooled connection is taken for longer than connectionTimeoutMillis',
      async () => {
        const pool = silentPool(100);
        // The pool's one connection is being opened (and hangs): the query waits in the queue.
        const first = pool.connect().catch(() => undefined);
        try {
          return await drizzle(pool).execute(sql`select 1`);
        } finally {
          await first;
          await pool.end().catch(() => undefined);
        }
      },
    ],
    [
      'PostgreSQL shuts down (57P01)',
      async () => Promise.reject(serverError('57P01', 'terminating connection due to administrator command')),
    ],
    [
      'another backend crashed (57P02)',
      async () =>
        Promise.reject(
          serverError('57P02', 'terminating connection because of crash of another server process'),
        ),
    ],
    [
      'PostgreSQL is starting or recovering (57P03)',
      async () => Promise.reject(serverError('57P03', 'the database system is in recovery mode')),
    ],
    [
      'too many connections (53300)',
      async () => Promise.reject(serverError('53300', 'sorry, too many clients already')),
    ],
  ])('answers 503 http.503 when %s', async (label, fail) => {
    const { status, body } = await replyTo(label.replace(/\W+/g, '-'), fail);
    expect(status).toBe(503);
    expect(body).toEqual({ status: 503, error: 'Service Unavailable', message: 'http.503' });
  });

  it.each([
    [
      'a bug',
      async () => Promise.reject(new TypeError("Cannot read properties of undefined (reading 'id')")),
    ],
    [
      'a constraint the code should have checked (23505)',
      async () =>
        Promise.reject(
          serverError('23505', 'duplicate key value violates unique constraint "users_login_key"'),
        ),
    ],
  ])('still answers 500 http.500, without details, for %s', async (label, fail) => {
    const { status, body } = await replyTo(label.replace(/\W+/g, '-'), fail);
    expect(status).toBe(500);
    expect(body).toEqual({ status: 500, error: 'Internal Server Error', message: 'http.500' });
  });
});

describe('what the log keeps of an error', () => {
  it("drops the query parameters and the driver's detail, keeping the query, the code and the stack", () => {
    const cause = Object.assign(
      new Error('duplicate key value violates unique constraint "users_login_key"'),
      {
        code: '23505',
        detail: 'Key (login)=(jean.dupont) already exists.',
      },
    );
    const error = new DrizzleQueryError(
      'select * from participants where last_name = $1',
      ['DUPONT', 'diabète'],
      cause,
    );
    const logged = loggableError(error);
    const text = JSON.stringify(logged);
    expect(text).toContain('Failed query: select * from participants where last_name = $1');
    expect(text).not.toMatch(/DUPONT|diabète|jean\.dupont/);
    expect(logged.cause?.code).toBe('23505');
    expect(logged.stack).toMatch(/\n\s+at\s/);
  });
});

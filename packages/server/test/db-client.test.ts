import { type AddressInfo, createServer, type Server, type Socket } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../src/db/client';

/**
 * A PostgreSQL that accepts the connection and then dies under the first query (a crashed backend, a
 * cut network). The smallest server that does: it answers the start-up message with
 * AuthenticationOk and ReadyForQuery, then closes the socket on the next message.
 */
let dying: Server;
const sockets = new Set<Socket>();

function message(type: string, body: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeInt32BE(body.length + 4);
  return Buffer.concat([Buffer.from(type), length, body]);
}

beforeAll(async () => {
  dying = createServer((socket) => {
    sockets.add(socket);
    let started = false;
    socket.on('data', () => {
      if (started) {
        socket.destroy();
        return;
      }
      started = true;
      socket.write(Buffer.concat([message('R', Buffer.alloc(4)), message('Z', Buffer.from('I'))]));
    });
    socket.on('error', () => undefined);
  });
  await new Promise<void>((resolve) => dying.listen(0, '127.0.0.1', () => resolve()));
});
afterAll(async () => {
  for (const socket of sockets) socket.destroy();
  await new Promise<void>((resolve) => dying.close(() => resolve()));
});

describe('the PostgreSQL pool and a connection that dies', () => {
  let database: Database;
  beforeAll(async () => {
    const { port } = dying.address() as AddressInfo;
    database = await openDatabase({ url: `postgres://portail@127.0.0.1:${port}/portail`, poolSize: 2 });
  });
  afterAll(async () => database.close());

  it('fails the transaction, and the process lives on', async () => {
    // Without a listener, the checked-out connection's 'error' event would be an uncaught exception:
    // it ended the whole server process when PostgreSQL crashed (npm run test:faults).
    const uncaught: unknown[] = [];
    const record = (error: unknown) => uncaught.push(error);
    process.on('uncaughtException', record);
    try {
      await expect(database.db.transaction(async (tx) => tx.execute(sql`select 1`))).rejects.toThrow();
      // pg emits the dead client's 'error' in the same turn as it fails the query, so an unheard one
      // would be recorded by now; the pool dropping the client shows the error was heard.
      expect(database.poolStats?.()).toMatchObject({ total: 0 });
      expect(uncaught).toEqual([]);
    } finally {
      process.off('uncaughtException', record);
    }
  });

  it("gives the dead connection's place back: more failed transactions than the pool holds", async () => {
    // drizzle does not release the connection when BEGIN fails: the pool of 2 would be exhausted and
    // the third transaction would wait 5 s for a connection (connectionTimeoutMillis), then every one.
    const causes: string[] = [];
    const started = Date.now();
    for (let i = 0; i < 5; i++) {
      const failure = await database.db.transaction(async (tx) => tx.execute(sql`select 1`)).catch((e) => e);
      causes.push(String((failure as { cause?: unknown }).cause ?? failure));
    }
    expect(causes.filter((cause) => /timeout exceeded/.test(cause))).toEqual([]);
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('fails a plain query the same way', async () => {
    await expect(database.db.execute(sql`select 1`)).rejects.toThrow();
  });
});

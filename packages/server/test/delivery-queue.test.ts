import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { desc, eq, gt, inArray } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/client';
import { outbox } from '../src/db/schema';
import { type DeliveryQueue, openDeliveryQueue } from '../src/notify/delivery-queue';
import { DemoProviders } from '../src/notify/demo-provider';
import { createMailTransport } from '../src/notify/mail';
import { createNotifier, type Notifier } from '../src/notify/notifier';
import { CODE_EXPIRED, createSender, type Transports } from '../src/notify/sender';
import { createSmsTransport } from '../src/notify/sms';
import { createTestDatabase, productionTestConfig } from './helper';

const quiet = {
  info: () => undefined,
  warn: () => undefined,
  error: () => undefined,
} as unknown as FastifyBaseLogger;

let database: Database;
let smtp: SMTPServer;
let smsServer: Server;
const mails: string[] = [];
const texts: { to: string; text: string; auth: string | undefined }[] = [];
/** Per recipient: how many more requests the SMS provider refuses (503) before it accepts. */
const refusals = new Map<string, number>();
let smtpPort = 0;
let smsPort = 0;

beforeAll(async () => {
  database = await createTestDatabase();
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, _session, callback) {
      let data = '';
      stream.on('data', (chunk: Buffer) => {
        data += chunk.toString();
      });
      stream.on('end', () => {
        mails.push(data);
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  smtpPort = (smtp.server.address() as AddressInfo).port;
  smsServer = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => {
      body += chunk.toString();
    });
    request.on('end', () => {
      const message = JSON.parse(body) as { to: string; text: string };
      const left = refusals.get(message.to) ?? 0;
      if (left > 0) {
        refusals.set(message.to, left - 1);
        response.statusCode = 503;
        response.end('{"error":"busy"}');
        return;
      }
      texts.push({ ...message, auth: request.headers.authorization });
      response.end('{}');
    });
  });
  await new Promise<void>((resolve) => smsServer.listen(0, '127.0.0.1', resolve));
  smsPort = (smsServer.address() as AddressInfo).port;
}, 60_000);

afterAll(async () => {
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
  await new Promise<void>((resolve) => smsServer.close(() => resolve()));
  await database.close();
});

function config(overrides: Record<string, string> = {}) {
  return productionTestConfig({
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    SMS_PROVIDER_URL: `http://127.0.0.1:${smsPort}/send`,
    SMS_PROVIDER_TOKEN: 'provider-token',
    DELIVERY_RETRY_DELAY_S: '1',
    DELIVERY_MAX_ATTEMPTS: '3',
    ...overrides,
  });
}

interface Running {
  queue: DeliveryQueue;
  notifier: Notifier;
}

/** A queue as an instance of the portal opens it, with its sender when `transports` are given. */
async function instance(
  transports: Transports | null,
  overrides: Record<string, string> = {},
): Promise<Running> {
  const queue = await openDeliveryQueue(database, config(overrides), quiet, 0.5);
  if (transports) await queue.work(createSender(database.db, transports, quiet));
  return { queue, notifier: createNotifier(database.db, queue) };
}

function live(overrides: Record<string, string> = {}): Transports {
  const settings = config(overrides);
  return { mail: createMailTransport(settings), sms: createSmsTransport(settings) };
}

async function lastRow() {
  const [row] = await database.db.select().from(outbox).orderBy(desc(outbox.id)).limit(1);
  if (!row) throw new Error('no outbox row');
  return row;
}

/** Waits until the outbox row reaches one of `statuses`. */
async function settled(id: number, statuses: string[], timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const [row] = await database.db.select().from(outbox).where(eq(outbox.id, id));
    if (row && statuses.includes(row.status)) return row;
    if (Date.now() > deadline) throw new Error(`message ${id} stayed ${row?.status}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('the delivery queue', () => {
  it('sends a mail with its attachments by SMTP, and a text message with the provider token', async () => {
    const { queue, notifier } = await instance(live());
    try {
      await notifier.mail({
        to: 'marie@example.fr',
        subject: 'Essai',
        text: 'Bonjour',
        attachments: [
          { fileName: 'a.txt', contentType: 'text/plain', content: new TextEncoder().encode('pièce') },
        ],
        about: { purpose: 'DOCUMENTS' },
      });
      const mail = await settled((await lastRow()).id, ['SENT']);
      expect(mail).toMatchObject({ attempts: 1, purpose: 'DOCUMENTS', lastError: null });
      expect(mails.at(-1)).toContain('Subject: Essai');
      expect(mails.at(-1)).toContain('filename=a.txt');

      await notifier.sms('0612345678', 'code 123456', { purpose: 'SIGN_IN_CODE' });
      await settled((await lastRow()).id, ['SENT']);
      expect(texts.at(-1)).toEqual({ to: '0612345678', text: 'code 123456', auth: 'Bearer provider-token' });
    } finally {
      await queue.stop();
    }
  });

  it('retries a message the provider refuses, which then arrives without anything asked again', async () => {
    const { queue, notifier } = await instance(live());
    try {
      refusals.set('0611111111', 2);
      const started = Date.now();
      await notifier.sms('0611111111', 'code 222222', { purpose: 'SIGN_IN_CODE' });
      // The call returned at once: the message is safe in the outbox, the provider's refusal is the queue's.
      expect(Date.now() - started).toBeLessThan(1000);
      const id = (await lastRow()).id;
      const retrying = await settled(id, ['RETRYING', 'SENT']);
      expect(retrying).toMatchObject({ status: 'RETRYING', attempts: 1 });
      expect(retrying.lastError).toMatch(/503/);
      const sent = await settled(id, ['SENT', 'DEAD']);
      expect(sent).toMatchObject({ status: 'SENT', attempts: 3 });
      expect(texts.filter((text) => text.to === '0611111111')).toHaveLength(1);
    } finally {
      await queue.stop();
    }
  });

  it('gives a message up after its last attempt, with the provider error', async () => {
    const { queue, notifier } = await instance(live({ DELIVERY_MAX_ATTEMPTS: '2' }), {
      DELIVERY_MAX_ATTEMPTS: '2',
    });
    try {
      refusals.set('0622222222', 10);
      await notifier.sms('0622222222', 'code 333333');
      const dead = await settled((await lastRow()).id, ['DEAD', 'SENT']);
      expect(dead).toMatchObject({ status: 'DEAD', attempts: 2 });
      expect(dead.lastError).toBe('SMS provider answered 503');
    } finally {
      refusals.delete('0622222222');
      await queue.stop();
    }
  });

  it('loses nothing across a restart: a message queued while no sender ran leaves with the next one', async () => {
    const stopped = await instance(null);
    await stopped.notifier.sms('0633333333', 'code 444444');
    const id = (await lastRow()).id;
    await stopped.queue.stop();
    expect((await lastRow()).status).toBe('QUEUED');

    const next = await instance(live());
    try {
      await settled(id, ['SENT']);
      expect(texts.filter((text) => text.to === '0633333333')).toHaveLength(1);
    } finally {
      await next.queue.stop();
    }
  });

  it('records a mail with its attachments and its job, or nothing at all', async () => {
    const { queue, notifier } = await instance(null);
    try {
      const before = (await lastRow()).id;
      // An attachment the table refuses (its content is NOT NULL) fails the transaction.
      const refused = {
        fileName: 'dossier.zip',
        contentType: 'application/zip',
        content: null as unknown as Uint8Array,
      };
      await expect(
        notifier.mail({
          to: 'medecin@example.org',
          subject: 'Documents',
          text: 'Bonjour',
          attachments: [refused],
        }),
      ).rejects.toThrow();
      expect(await database.db.select().from(outbox).where(gt(outbox.id, before))).toEqual([]);
      expect(await queue.backlog()).toMatchObject({ active: 0 });
    } finally {
      await queue.stop();
    }
  });

  it("records mails in the caller's transaction: nothing if it rolls back; once committed, each leaves at its time, even after a restart", async () => {
    const stopped = await instance(null);
    const before = (await lastRow()).id;
    const mail = (to: string, notBefore?: Date) => ({
      to,
      subject: 'Activation',
      text: 'Bonjour',
      notBefore,
    });
    await expect(
      database.db.transaction(async (tx) => {
        await stopped.notifier.mailsIn(tx, [mail('annule1@example.fr'), mail('annule2@example.fr')]);
        throw new Error('the batch failed');
      }),
    ).rejects.toThrow('the batch failed');
    expect(await database.db.select().from(outbox).where(gt(outbox.id, before))).toEqual([]);

    const later = new Date(Date.now() + 2000);
    const ids = await database.db.transaction((tx) =>
      stopped.notifier.mailsIn(tx, [mail('tout-de-suite@example.fr'), mail('plus-tard@example.fr', later)]),
    );
    const rows = await database.db.select().from(outbox).where(gt(outbox.id, before)).orderBy(outbox.id);
    expect(rows.map((row) => [row.id, row.recipient, row.status])).toEqual([
      [ids[0], 'tout-de-suite@example.fr', 'QUEUED'],
      [ids[1], 'plus-tard@example.fr', 'QUEUED'],
    ]);
    // The instance that recorded them stops before sending any; the next one sends both, each in time.
    await stopped.queue.stop();
    const next = await instance(live());
    try {
      const [now, after] = [await settled(ids[0] ?? 0, ['SENT']), await settled(ids[1] ?? 0, ['SENT'])];
      expect(now.sentAt).not.toBeNull();
      expect(after.sentAt?.getTime()).toBeGreaterThanOrEqual(later.getTime());
      expect(mails.filter((text) => text.includes('plus-tard@example.fr'))).toHaveLength(1);
    } finally {
      await next.queue.stop();
    }
  });

  it('hands each message to one sender when several instances run', async () => {
    const instances = await Promise.all([instance(live()), instance(live()), instance(live())]);
    try {
      const before = (await lastRow()).id;
      await Promise.all(
        Array.from({ length: 30 }, (_, n) =>
          instances[n % 3]?.notifier.sms(`07000000${String(n).padStart(2, '0')}`, `code ${n}`),
        ),
      );
      const rows = await database.db.select({ id: outbox.id }).from(outbox).where(gt(outbox.id, before));
      expect(rows).toHaveLength(30);
      for (const row of rows) await settled(row.id, ['SENT']);
      const sentTo = texts.filter((text) => text.to.startsWith('07000000')).map((text) => text.to);
      expect(sentTo).toHaveLength(30);
      expect(new Set(sentTo).size).toBe(30);
      const attempts = await database.db
        .select({ attempts: outbox.attempts })
        .from(outbox)
        .where(
          inArray(
            outbox.id,
            rows.map((row) => row.id),
          ),
        );
      expect(attempts.every((row) => row.attempts === 1)).toBe(true);
    } finally {
      for (const running of instances) await running.queue.stop();
    }
  });
});

describe('what goes first', () => {
  it('never holds a text message behind mails a hanging mail server keeps', async () => {
    const hanging: Transports = {
      sms: live().sms,
      mail: { send: () => new Promise((resolve) => setTimeout(resolve, 4000)) },
    };
    const { queue, notifier } = await instance(hanging);
    try {
      for (let n = 0; n < 8; n++) {
        await notifier.mail({
          to: `slow${n}@example.org`,
          subject: 'Lent',
          text: 'Bonjour',
          about: { purpose: 'OTHER' },
        });
      }
      const started = Date.now();
      await notifier.sms('0655555555', 'code 666666', { purpose: 'SIGN_IN_CODE' });
      await settled((await lastRow()).id, ['SENT'], 3000);
      expect(Date.now() - started).toBeLessThan(3000);
    } finally {
      await queue.stop();
    }
  });

  it('does not send a code that expired while it waited', async () => {
    const stopped = await instance(null);
    await stopped.notifier.sms('0666666666', 'code 777777', { purpose: 'SIGN_IN_CODE' });
    const id = (await lastRow()).id;
    await stopped.queue.stop();
    // Eleven minutes later (SIGN_IN_CODE_TTL_S is 600 s), a sender comes up.
    await database.db
      .update(outbox)
      .set({ createdAt: new Date(Date.now() - 11 * 60_000) })
      .where(eq(outbox.id, id));
    const queue = await openDeliveryQueue(database, config(), quiet, 0.5);
    await queue.work(createSender(database.db, live(), quiet, {}, 600));
    try {
      const dead = await settled(id, ['DEAD', 'SENT']);
      expect(dead).toMatchObject({ status: 'DEAD', lastError: CODE_EXPIRED });
      expect(texts.filter((text) => text.to === '0666666666')).toEqual([]);
    } finally {
      await queue.stop();
    }
  });
});

describe('the demo providers', () => {
  it('switched off, leave messages retrying; switched back on, deliver them without a new request', async () => {
    const providers = new DemoProviders();
    const { queue, notifier } = await instance(providers.transports(quiet, false), {
      DELIVERY_MAX_ATTEMPTS: '8',
    });
    try {
      providers.setAccepting('SMS', false);
      await notifier.sms('0644444444', 'code 555555', { purpose: 'SIGN_IN_CODE' });
      const id = (await lastRow()).id;
      const retrying = await settled(id, ['RETRYING']);
      expect(retrying.lastError).toMatch(/refused/);
      providers.setAccepting('SMS', true);
      await settled(id, ['SENT'], 30_000);
    } finally {
      await queue.stop();
    }
  }, 40_000);
});

import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { desc, gt } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config';
import type { Database } from '../src/db/client';
import { outbox } from '../src/db/schema';
import { createNotifier } from '../src/notify/notifier';
import { CENTRE_EXAMPLE, createTestDatabase, TEST_CODE_SECRET, TEST_SECRET } from './helper';

const silent = { info: () => undefined, error: () => undefined } as unknown as FastifyBaseLogger;
let database: Database;
let smtp: SMTPServer;
let smtpPort: number;
let smsServer: Server;
let smsPort: number;
const received: { mails: string[]; sms: { body: string; auth: string | undefined }[] } = {
  mails: [],
  sms: [],
};

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
        received.mails.push(data);
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
      received.sms.push({ body, auth: request.headers.authorization });
      response.statusCode = body.includes('fail') ? 500 : 200;
      response.end('{}');
    });
  });
  await new Promise<void>((resolve) => smsServer.listen(0, '127.0.0.1', resolve));
  smsPort = (smsServer.address() as AddressInfo).port;
});
afterAll(async () => {
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
  await new Promise<void>((resolve) => smsServer.close(() => resolve()));
  await database.close();
});

function liveConfig() {
  return loadConfig({
    JWT_SECRET: TEST_SECRET,
    CODE_SECRET: TEST_CODE_SECRET,
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    SMS_PROVIDER_URL: `http://127.0.0.1:${smsPort}/send`,
    SMS_PROVIDER_TOKEN: 'provider-token',
    PUBLIC_URL: 'https://portail.example.fr',
    CENTRE_FILE: CENTRE_EXAMPLE,
  });
}

describe('configuration', () => {
  it('refuses to start outside demo mode without transports, secret and public URL', () => {
    expect(() => loadConfig({})).toThrow(ConfigError);
    expect(() => loadConfig({})).toThrow(
      /JWT_SECRET, CODE_SECRET, SMTP_URL, SMS_PROVIDER_URL, PUBLIC_URL, CENTRE_FILE/,
    );
    expect(loadConfig({ DEMO_MODE: 'true' }).demoMode).toBe(true);
    expect(() => loadConfig({ DEMO_MODE: 'true', PORT: 'abc' })).toThrow(/PORT/);
  });
});

describe('notifier outside demo mode', () => {
  it('sends mail by SMTP with attachments and records it as sent', async () => {
    const notifier = createNotifier(liveConfig(), database.db, silent);
    await notifier.mail({
      to: 'marie@example.fr',
      subject: 'Essai',
      text: 'Bonjour',
      attachments: [
        { fileName: 'a.txt', contentType: 'text/plain', content: new TextEncoder().encode('pièce') },
      ],
    });
    expect(received.mails.at(-1)).toContain('Subject: Essai');
    expect(received.mails.at(-1)).toContain('filename=a.txt');
    const [row] = await database.db.select().from(outbox).orderBy(desc(outbox.id)).limit(1);
    expect(row?.status).toBe('SENT');
  });

  it('sends text messages to the HTTP provider with its token, and records a failure', async () => {
    const notifier = createNotifier(liveConfig(), database.db, silent);
    await notifier.sms('0612345678', 'code 123456');
    expect(JSON.parse(received.sms.at(-1)?.body ?? '{}')).toEqual({ to: '0612345678', text: 'code 123456' });
    expect(received.sms.at(-1)?.auth).toBe('Bearer provider-token');
    await expect(notifier.sms('0612345678', 'fail')).rejects.toThrow(/notify.unavailable/);
    const [row] = await database.db.select().from(outbox).orderBy(desc(outbox.id)).limit(1);
    expect(row?.status).toBe('FAILED');
  });
});

describe('notifier in demo mode', () => {
  it('keeps messages in the outbox and sends nothing', async () => {
    const before = received.mails.length + received.sms.length;
    const notifier = createNotifier(
      loadConfig({ DEMO_MODE: 'true', OUTBOX_LOG: 'false' }),
      database.db,
      silent,
    );
    await notifier.sms('0600000000', 'demo');
    const [row] = await database.db.select().from(outbox).orderBy(desc(outbox.id)).limit(1);
    expect(row).toMatchObject({ channel: 'SMS', recipient: '0600000000', body: 'demo', status: 'DEMO' });
    expect(received.mails.length + received.sms.length).toBe(before);
  });
});

describe('the outbox', () => {
  it('records a mail with its attachments or not at all', async () => {
    const notifier = createNotifier(
      loadConfig({ DEMO_MODE: 'true', OUTBOX_LOG: 'false' }),
      database.db,
      silent,
    );
    const [last] = await database.db.select({ id: outbox.id }).from(outbox).orderBy(desc(outbox.id)).limit(1);
    // An attachment the table refuses (its content is NOT NULL) fails the second insert.
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
    expect(
      await database.db
        .select()
        .from(outbox)
        .where(gt(outbox.id, last?.id ?? 0)),
    ).toEqual([]);
  });
});

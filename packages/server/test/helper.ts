import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { WEB_CLIENT_ID, WEB_CLIENT_SECRET } from '@portail/contract/constants';
import { composeUsername } from '@portail/contract/rules/username';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp } from '../src/app';
import type { Caller } from '../src/auth/caller';
import { hashPassword } from '../src/auth/passwords';
import { loadCaller } from '../src/auth/sessions';
import { type Config, loadConfig } from '../src/config';
import { type Database, type DbOrTx, openDatabase } from '../src/db/client';
import { DEMO_PASSWORD } from '../src/demo/accounts';
import { generateDemo } from '../src/demo/generate';
import {
  type DeferredMail,
  type DeferredText,
  insertMails,
  insertTexts,
  type Notifier,
  type OutgoingMail,
} from '../src/notify/notifier';
import { templatePrefix } from './global-setup';

/** A signing key as strong as the configuration demands (random, 48 base64 characters). */
export const TEST_SECRET = 'q7Vb2LxN9fRk4TzW1mHc8JpY6sDg0EaU3oKiXn5rBwQv+tZl';
export const TEST_CODE_SECRET = 'Vt8mQ2xK5rN0bY7cL4wJ9hF3sD6gA1eZ+pUoIiXkRn2Bq5Tz';

/** The example centre file of the repository (config/centre.example.json), for configurations outside demo mode. */
export const CENTRE_EXAMPLE = fileURLToPath(new URL('../../../config/centre.example.json', import.meta.url));

/** A PostgreSQL database of the server TEST_DATABASE_URL names. */
function databaseUrl(adminUrl: string, name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function withAdmin<T>(adminUrl: string, work: (admin: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    return await work(admin);
  } finally {
    await admin.end();
  }
}

/** Opens a database created for this file, dropped when it is closed. */
async function openOwnDatabase(adminUrl: string, name: string): Promise<Database> {
  const database = await openDatabase({ url: databaseUrl(adminUrl, name), poolSize: 30 });
  return {
    ...database,
    close: async () => {
      await database.close();
      await withAdmin(adminUrl, (admin) => admin.query(`drop database if exists ${name} with (force)`));
    },
  };
}

const ownName = () => `portail_test_${process.pid}_${randomBytes(4).toString('hex')}`;

/**
 * A fresh database for one test file: in-memory PGlite by default, or with TEST_DATABASE_URL a new
 * PostgreSQL database created for the run and dropped after it.
 */
export async function createTestDatabase(): Promise<Database> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    const database = await openDatabase({ dataDir: 'memory' });
    await database.migrate();
    return database;
  }
  const name = ownName();
  await withAdmin(adminUrl, (admin) => admin.query(`create database ${name}`));
  const database = await openOwnDatabase(adminUrl, name);
  await database.migrate();
  return database;
}

/**
 * On PostgreSQL, a copy of the run's template database of the demo data of `participants`: the first
 * file that needs a size builds the template (under an advisory lock, other workers wait for it), the
 * others copy it (`create database … template`), which costs a fraction of migrating and generating.
 * global-setup.ts drops the templates after the run.
 */
async function pgDemoDatabase(adminUrl: string, participants: number): Promise<Database> {
  const template = `${templatePrefix(inject('runId'))}${participants}`;
  const name = ownName();
  await withAdmin(adminUrl, async (admin) => {
    await admin.query('select pg_advisory_lock(hashtext($1))', [template]);
    try {
      const found = await admin.query('select 1 from pg_database where datname = $1', [template]);
      if (found.rowCount === 0) {
        const building = `${template}_building`;
        await admin.query(`drop database if exists ${building} with (force)`);
        await admin.query(`create database ${building}`);
        const database = await openDatabase({ url: databaseUrl(adminUrl, building), poolSize: 10 });
        try {
          await database.migrate();
          await generateDemo(database.db, { participants, seed: 7, hashPassword });
        } finally {
          await database.close();
        }
        await admin.query(`alter database ${building} rename to ${template}`);
      }
      await admin.query(`create database ${name} template ${template}`);
    } finally {
      await admin.query('select pg_advisory_unlock(hashtext($1))', [template]);
    }
  });
  return openOwnDatabase(adminUrl, name);
}

export interface SentSms {
  to: string;
  text: string;
}

/** Records what the portal sends instead of sending it. */
export class RecordingNotifier implements Notifier {
  readonly texts: SentSms[] = [];
  readonly mails: (OutgoingMail & { notBefore?: Date })[] = [];
  /** Text messages recorded in a transaction (notifications), with their not-before time. */
  readonly deferredTexts: DeferredText[] = [];
  async sms(to: string, text: string) {
    this.texts.push({ to, text });
  }
  async mail(message: OutgoingMail) {
    this.mails.push(message);
  }
  /** Kept in the outbox as sent at once (the import counts its mails there), and recorded. */
  async mailsIn(tx: DbOrTx, mails: readonly DeferredMail[]) {
    if (mails.length === 0) return [];
    const ids = await insertMails(tx, mails, 'SENT');
    this.mails.push(...mails);
    return ids;
  }
  async textsIn(tx: DbOrTx, texts: readonly DeferredText[]) {
    if (texts.length === 0) return [];
    const ids = await insertTexts(tx, texts, 'SENT');
    this.deferredTexts.push(...texts);
    return ids;
  }
  lastCode(to?: string): string {
    const sms = [...this.texts].reverse().find((entry) => !to || entry.to === to);
    const code = sms?.text.match(/\b(\d{6})\b/)?.[1];
    if (!code) throw new Error('no code was sent');
    return code;
  }
}

export interface TestContext {
  app: FastifyInstance;
  database: Database;
  config: Config;
  notifier: RecordingNotifier;
  close(): Promise<void>;
}

/**
 * The configuration of a production start (no demo mode): mail and text messages point at loopback
 * ports where nothing listens, so tests that send pass a notifier of their own.
 */
export function productionTestConfig(overrides: Record<string, string> = {}): Config {
  return loadConfig({
    ...TEST_SETTINGS,
    SMTP_URL: 'smtp://127.0.0.1:1',
    SMS_PROVIDER_URL: 'http://127.0.0.1:1/sms',
    PUBLIC_URL: 'https://portail.example.fr',
    CENTRE_FILE: CENTRE_EXAMPLE,
    // Production requires a correspondant's second factor by default (docs/second-factors.md#policy);
    // the suites sign correspondants in with a password, and the policy's own tests set `required`.
    CORRESPONDANT_SECOND_FACTOR: 'optional',
    ...overrides,
  });
}

/** What every test configuration shares, demo or production. */
const TEST_SETTINGS = {
  JWT_SECRET: TEST_SECRET,
  CODE_SECRET: TEST_CODE_SECRET,
  // Test files sign in far more often than a person: the per-address and per-account limits are
  // lifted here, and the tests of those limits (auth-limits.test.ts, the security suite) set them.
  SIGN_IN_IP_LIMIT: '100000',
  SIGN_IN_TEXT_LIMIT: '100000',
  LOG_LEVEL: 'silent',
  OUTBOX_LOG: 'false',
  WEB_DIST: '/nonexistent',
  // Tests run the notification rounds themselves (runNotifications), at the instants they choose.
  NOTIFICATION_WORKER: 'false',
};

export function testConfig(overrides: Record<string, string> = {}): Config {
  return loadConfig({ DEMO_MODE: 'true', ...TEST_SETTINGS, ...overrides });
}

/**
 * A fresh in-memory database holding the demo data of `participants`. Starting PGlite costs seconds
 * (initdb) where loading a copy of a data directory costs a fraction of one: the first test file that
 * needs a size builds it and leaves its copy in the run's folder (test/global-setup.ts); the others
 * start from that copy.
 */
async function demoDatabase(participants: number): Promise<Database> {
  const folder = inject('snapshotDir');
  const file = folder ? join(folder, `demo-${participants}.tar`) : null;
  if (file && existsSync(file)) {
    const copy = new Blob([await readFile(file)]);
    return openDatabase({ dataDir: 'memory', loadDataDir: copy });
  }
  const database = await createTestDatabase();
  await generateDemo(database.db, { participants, seed: 7, hashPassword });
  if (file && database.snapshot) {
    const partial = `${file}.${process.pid}`;
    await writeFile(partial, Buffer.from(await (await database.snapshot()).arrayBuffer()));
    await rename(partial, file);
  }
  return database;
}

/** A fresh database of the demo data of `participants` (PGlite, or PostgreSQL with TEST_DATABASE_URL). */
export async function openDemoDatabase(participants: number): Promise<Database> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  return adminUrl ? pgDemoDatabase(adminUrl, participants) : demoDatabase(participants);
}

/** The app on a fresh database holding a small demo data set (the named accounts of demo/accounts.ts). */
export async function createTestContext(
  options: { participants?: number; env?: Record<string, string> } = {},
): Promise<TestContext> {
  const database = await openDemoDatabase(options.participants ?? 120);
  const config = testConfig(options.env);
  const notifier = new RecordingNotifier();
  const app = await buildApp({ config, database, notifier, logger: false });
  await app.ready();
  return {
    app,
    database,
    config,
    notifier,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}

export const clientAuth = `Basic ${Buffer.from(`${WEB_CLIENT_ID}:${WEB_CLIENT_SECRET}`).toString('base64')}`;

export function tokenRequest(
  app: FastifyInstance,
  form: Record<string, string>,
  authorization = clientAuth,
  headers: Record<string, string> = {},
) {
  return app.inject({
    method: 'POST',
    url: '/api/oauth/token',
    headers: { ...headers, authorization, 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(form).toString(),
  });
}

export function passwordRequest(
  app: FastifyInstance,
  login: string,
  correspondant: boolean,
  password = DEMO_PASSWORD,
) {
  return tokenRequest(app, {
    grant_type: 'password',
    username: composeUsername(login, correspondant),
    password,
  });
}

export interface SignedIn {
  access: string;
  refresh: string;
  headers: { authorization: string };
}

/**
 * Signs in; for participants also confirms the text-message code unless `confirm` is false. A
 * `userAgent` names the browser the session records (its sessions list and activity show it).
 */
export async function signIn(
  ctx: TestContext,
  login: string,
  kind: 'participant' | 'correspondant' | 'staff',
  options: { confirm?: boolean; userAgent?: string } = {},
): Promise<SignedIn> {
  const reply = await tokenRequest(
    ctx.app,
    {
      grant_type: 'password',
      username: composeUsername(login, kind === 'correspondant'),
      password: DEMO_PASSWORD,
    },
    clientAuth,
    options.userAgent ? { 'user-agent': options.userAgent } : {},
  );
  if (reply.statusCode !== 200) throw new Error(`sign-in of ${login} failed: ${reply.body}`);
  const body = reply.json<{ access_token: string; refresh_token: string }>();
  const signed = {
    access: body.access_token,
    refresh: body.refresh_token,
    headers: { authorization: `Bearer ${body.access_token}` },
  };
  // Participants and the centre's staff confirm a code sent by text message (issue 20).
  if (kind !== 'correspondant' && options.confirm !== false) {
    const confirm = await ctx.app.inject({
      method: 'POST',
      url: '/api/oauth/doubleAuthentification/confirmer-code',
      headers: signed.headers,
      payload: { code: ctx.notifier.lastCode() },
    });
    if (!confirm.json<{ ok: boolean }>().ok)
      throw new Error(`code confirmation of ${login} failed: ${confirm.body}`);
  }
  return signed;
}

/** The claims of an access token (its payload, unverified: the tests read what they were given). */
export function claimsOf(token: string): { sub: string; sid: string } & Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8'));
}

/** Signs in and loads the caller as the guard would, for the tests that call a service directly. */
export async function callerOf(
  ctx: TestContext,
  login: string,
  kind: 'participant' | 'correspondant' | 'staff',
): Promise<Caller> {
  const { sub, sid } = claimsOf((await signIn(ctx, login, kind)).access);
  const caller = await loadCaller(ctx.database.db, ctx.app.sessions, Number(sub), sid, ctx.config);
  if (!caller) throw new Error(`no caller for ${login}`);
  return caller;
}

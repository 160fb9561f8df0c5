// What the measuring scripts (bench, bench:load, test:security, test:faults) share: starting the real
// server as its own process, waiting for it, signing in over HTTP, and fresh PostgreSQL databases.
import { spawn, spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

export const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
/** The web app's OAuth client (public by design, ARCHITECTURE.md). */
export const CLIENT = `Basic ${Buffer.from('portail-web:portail-web-public').toString('base64')}`;
/** Every demo account's password. */
export const PASSWORD = 'Portail#2026';

/** The demo start (TypeScript through tsx) and the production start (compiled by `npm run build`). */
const ENTRIES = {
  demo: ['--import', 'tsx', 'packages/server/src/demo/main.ts'],
  production: ['packages/server/dist/main.js'],
};

/**
 * Starts the server: the demo start by default, the compiled production start with
 * `{ production: true }` (build it first: buildServer; give it the production settings: its env).
 * `stdio` is passed to spawn: 'inherit' to see the logs, 'pipe' to capture them (the caller must then
 * read child.stdout and child.stderr).
 */
export function startServer(
  port,
  env = {},
  stdio = ['ignore', 'inherit', 'inherit'],
  { production = false } = {},
) {
  return spawn(process.execPath, production ? ENTRIES.production : ENTRIES.demo, {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      OUTBOX_LOG: 'false',
      // Every simulated user signs in from this one address, again and again: the limits per client
      // address and texts per account (a protection against one attacker) would refuse the load itself.
      SIGN_IN_IP_LIMIT: '1000000',
      SIGN_IN_TEXT_LIMIT: '1000000',
      ...env,
    },
    stdio,
  });
}

/** `npm run build`'s server part: packages/server/dist/main.js, the production start. */
export function buildServer() {
  const run = spawnSync(process.execPath, ['scripts/build-server.mjs'], { cwd: root, stdio: 'inherit' });
  if (run.status !== 0) throw new Error('the server build failed');
}

/**
 * Fills the database of `env` (DATABASE_URL or DATA_DIR) with the demo's people, unmarked, for a suite
 * that attacks the production start with accounts it knows (the demo CLI's `--fixture`).
 */
export function seedFixture(env, participants, mainParticipants) {
  const args = ['--import', 'tsx', 'packages/server/src/demo/cli.ts', '--reset', '--fixture'];
  args.push('--participants', String(participants), '--main-participants', String(mainParticipants));
  const run = spawnSync(process.execPath, args, {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  if (run.status !== 0) throw new Error(`seeding the fixture data failed: ${run.stderr}`);
}

/** Stops a server started by startServer (SIGTERM, then SIGKILL after `graceMs`). */
export async function stopServer(child, graceMs = 10_000) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
  await exited;
  clearTimeout(timer);
}

export async function waitFor(url, timeoutMs) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {}
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`server did not answer ${url} in time`);
}

/** The password grant; returns the token reply (access_token, refresh_token, …). */
export async function passwordGrant(base, login, correspondant, password = PASSWORD) {
  const body = new URLSearchParams({
    grant_type: 'password',
    username: `${login}|${correspondant ? 'C' : 'P'}`,
    password,
  });
  const reply = await fetch(`${base}/api/oauth/token`, {
    method: 'POST',
    headers: { authorization: CLIENT, 'content-type': 'application/x-www-form-urlencoded' },
    body,
  });
  if (!reply.ok) throw new Error(`sign-in of ${login} failed: ${reply.status} ${await reply.text()}`);
  return reply.json();
}

export async function signIn(base, login, correspondant) {
  return (await passwordGrant(base, login, correspondant)).access_token;
}

/**
 * The newest six-digit code texted to `mobile` (demo outbox), or to anyone when `mobile` is absent.
 * `after` skips codes of outbox rows up to that id.
 */
export async function latestCode(base, mobile, after = 0) {
  const query = new URLSearchParams({ limit: '20', ...(mobile ? { recipient: mobile } : {}) });
  const outbox = await (await fetch(`${base}/api/dev/outbox?${query}`)).json();
  const sms = outbox.items.find((item) => item.channel === 'SMS' && item.id > after);
  return sms?.body.match(/\b(\d{6})\b/)?.[1];
}

/** Confirms a participant's sign-in with their six-digit code; throws when it is refused. */
export async function confirmCode(base, token, code, login = 'participant') {
  const reply = await fetch(`${base}/api/oauth/doubleAuthentification/confirmer-code`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ code }),
  });
  if (!reply.ok || !(await reply.json()).ok) throw new Error(`code confirmation of ${login} failed`);
}

/**
 * A participant signs in with the text-message code too: in demo mode it is read from the outbox, where
 * the demo provider puts it a moment after the sign-in (the delivery queue sends it).
 */
export async function signInParticipant(base, login, mobile) {
  const before = await lastOutboxId(base);
  const token = await signIn(base, login, false);
  const deadline = Date.now() + 10_000;
  let code = await latestCode(base, mobile, before);
  while (!code && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    code = await latestCode(base, mobile, before);
  }
  await confirmCode(base, token, code, login);
  return token;
}

/** The newest message id of the demo outbox (0 when it is empty). */
async function lastOutboxId(base) {
  const outbox = await (await fetch(`${base}/api/dev/outbox?limit=1`)).json();
  return outbox.items[0]?.id ?? 0;
}

/** Drops and creates database `name` on the server of `adminUrl`; returns its URL. */
export async function freshPostgres(adminUrl, name) {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

export async function dropPostgres(adminUrl, name) {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.end();
}

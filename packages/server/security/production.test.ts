import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CENTRE_EXAMPLE } from '../test/helper';
import { figure } from './portal';

/**
 * The production start as the README has a centre run it: `npm run build`, then `npm run start:prod`
 * (`node packages/server/dist/main.js`), no TypeScript loader, with the settings of an installation.
 * scripts/security.mjs builds it before the suite runs.
 */
const SERVER = fileURLToPath(new URL('..', import.meta.url));
const ROOT = join(SERVER, '../..');
const MAIN = join(SERVER, 'dist/main.js');
const PORT = 3391;

const dataDir = mkdtempSync(join(tmpdir(), 'portail-production-'));
const production = {
  PORT: String(PORT),
  HOST: '127.0.0.1',
  DATA_DIR: dataDir,
  JWT_SECRET: randomBytes(36).toString('base64'),
  CODE_SECRET: randomBytes(36).toString('base64'),
  SMTP_URL: 'smtp://127.0.0.1:1',
  SMS_PROVIDER_URL: 'http://127.0.0.1:1/sms',
  PUBLIC_URL: 'https://portail.example.fr',
  CENTRE_FILE: CENTRE_EXAMPLE,
  LOG_LEVEL: 'warn',
};

interface Run {
  code: number | null;
  output: string;
}

/** Runs a start to its end (a refused start exits at once), with what it printed. */
function runToEnd(args: string[], env: Record<string, string>): Promise<Run> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, args, { cwd: ROOT, env: { PATH: process.env.PATH ?? '', ...env } });
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr.on('data', (chunk) => {
      output += chunk;
    });
    const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}

let server: ChildProcess;
const base = `http://127.0.0.1:${PORT}`;

beforeAll(async () => {
  expect(existsSync(MAIN), 'npm run build compiles the server first').toBe(true);
  server = spawn(process.execPath, [MAIN], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', ...production },
  });
  const until = Date.now() + 90_000;
  while (Date.now() < until) {
    try {
      if ((await fetch(`${base}/api/health/ready`)).ok) return;
    } catch {}
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('the production start did not become ready');
});

afterAll(async () => {
  if (server.exitCode === null) {
    const exited = new Promise((resolve) => server.once('exit', resolve));
    server.kill('SIGTERM');
    await exited;
  }
  rmSync(dataDir, { recursive: true, force: true });
});

describe('the compiled production start', () => {
  it('runs with plain node and carries nothing of the demo', () => {
    const bundle = readFileSync(MAIN, 'utf8');
    // esbuild keeps each bundled file's path as a comment and each external package as an import.
    expect(bundle).not.toMatch(/src\/demo\//);
    expect(bundle).not.toMatch(/from "(@faker-js\/faker|pdf-lib|i18n-iso-countries|tsx)[/"]/);
    expect(bundle).toMatch(/from "fastify"/);
  });

  it('has no outbox, no API documentation, no demo account', async () => {
    const closed = ['/api/dev/outbox', '/dev/outbox', '/api/docs', '/api/docs/json'];
    for (const path of closed) expect((await fetch(`${base}${path}`)).status, path).toBe(404);
    const signIn = await fetch(`${base}/api/oauth/token`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from('portail-web:portail-web-public').toString('base64')}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: new URLSearchParams({ grant_type: 'password', username: 'admin|P', password: 'Portail#2026' }),
    });
    expect(signIn.status).toBe(400);
    expect(await signIn.json()).toMatchObject({ error: 'invalid_grant' });
    figure('production.closedPaths', closed.length);
  });

  it('refuses DEMO_MODE', async () => {
    const run = await runToEnd([MAIN], { ...production, PORT: '0', DEMO_MODE: 'true' });
    expect(run.code).toBe(1);
    expect(run.output).toContain('the production start never runs the demo');
  });
});

describe('the demo start', () => {
  const demo = ['--import', 'tsx', 'packages/server/src/demo/main.ts'];

  it('refuses the settings of an installation', async () => {
    const run = await runToEnd(demo, { ...production, PORT: '0', DATA_DIR: 'memory' });
    expect(run.code).toBe(1);
    expect(run.output).toContain('Demo mode refused: SMTP_URL, SMS_PROVIDER_URL');
  });

  it("refuses the production start's database, before writing anything to it", async () => {
    // PGlite's folder is one process's: the production server stops first.
    const exited = new Promise((resolve) => server.once('exit', resolve));
    server.kill('SIGTERM');
    await exited;
    const run = await runToEnd(demo, { PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir });
    expect(run.code).toBe(1);
    expect(run.output).toContain('Demo mode refused: this database is a production database');
  });
});

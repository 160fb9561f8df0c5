import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { ConfigError } from '../src/config';
import { outbox } from '../src/db/schema';
import { metricsAccess } from '../src/features/metrics/metrics.plugin';
import { PortalMetrics } from '../src/lib/metrics';
import { createSender } from '../src/notify/sender';
import {
  createTestContext,
  passwordRequest,
  RecordingNotifier,
  signIn,
  type TestContext,
  testConfig,
} from './helper';

/** A built web app, so that a refused `/metrics` is seen not to fall back to index.html. */
const webDist = mkdtempSync(join(tmpdir(), 'portail-metrics-web-'));
writeFileSync(join(webDist, 'index.html'), '<!doctype html><title>web app</title>');

let ctx: TestContext;
beforeAll(async () => {
  // Behind one proxy: request.ip is then the last X-Forwarded-For entry, which the metrics must ignore.
  ctx = await createTestContext({ env: { TRUST_PROXY: '1', WEB_DIST: webDist } });
});
afterAll(async () => {
  await ctx.close();
  rmSync(webDist, { recursive: true, force: true });
});

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

interface Exposition {
  types: Map<string, string>;
  samples: Sample[];
}

const NAME = '[a-zA-Z_:][a-zA-Z0-9_:]*';
// Values as Prometheus reads them (Go's ParseFloat: `NaN` in any case; prom-client writes `Nan`).
const SAMPLE = new RegExp(`^(${NAME})(?:\\{(.*)\\})? (-?[0-9.e+-]+|[Nn]a[Nn]|[+-]Inf)(?: -?\\d+)?$`);
const LABEL = /([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g;

/**
 * Reads the Prometheus text format (version 0.0.4; prom-client has no parser): every line is a HELP or
 * TYPE comment or a sample, and every sample belongs to a family declared by a TYPE line.
 */
function parseExposition(text: string): Exposition {
  const types = new Map<string, string>();
  const samples: Sample[] = [];
  for (const line of text.split('\n')) {
    if (line === '') continue;
    const type = /^# TYPE (\S+) (counter|gauge|histogram|summary|untyped)$/.exec(line);
    if (type?.[1] && type[2]) {
      types.set(type[1], type[2]);
      continue;
    }
    if (line.startsWith('# HELP ')) continue;
    const sample = SAMPLE.exec(line);
    if (!sample?.[1] || sample[3] === undefined) throw new Error(`not a Prometheus line: ${line}`);
    const labels: Record<string, string> = {};
    for (const [, key, value] of (sample[2] ?? '').matchAll(LABEL)) {
      if (key !== undefined && value !== undefined) labels[key] = value;
    }
    const family = sample[1].replace(/_(bucket|sum|count)$/, '');
    if (!types.has(sample[1]) && !types.has(family)) throw new Error(`sample without a TYPE: ${line}`);
    samples.push({ name: sample[1], labels, value: Number(sample[3]) });
  }
  return { types, samples };
}

/** The sum of the samples of `name` whose labels include `labels` (0 when there is none). */
function sampleValue(exposition: Exposition, name: string, labels: Record<string, string> = {}): number {
  const found = exposition.samples.filter(
    (sample) =>
      sample.name === name && Object.entries(labels).every(([key, value]) => sample.labels[key] === value),
  );
  return found.reduce((sum, sample) => sum + sample.value, 0);
}

async function scrape(app: FastifyInstance = ctx.app): Promise<Exposition> {
  const reply = await app.inject({ method: 'GET', url: '/metrics' });
  expect(reply.statusCode).toBe(200);
  return parseExposition(reply.body);
}

describe('GET /metrics', () => {
  it('answers the Prometheus text format with the HTTP, process, sign-in, lock and queue families', async () => {
    const reply = await ctx.app.inject({ method: 'GET', url: '/metrics' });
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(reply.headers['cache-control']).toBe('no-store');
    const { types } = parseExposition(reply.body);
    expect(types.get('http_requests_total')).toBe('counter');
    expect(types.get('http_request_duration_seconds')).toBe('histogram');
    expect(types.get('process_cpu_user_seconds_total')).toBe('counter');
    expect(types.get('nodejs_eventloop_lag_seconds')).toBe('gauge');
    expect(types.get('portail_sign_ins_total')).toBe('counter');
    expect(types.get('portail_account_locks_total')).toBe('counter');
    expect(types.get('portail_locked_accounts')).toBe('gauge');
    expect(types.get('portail_outbox_messages')).toBe('gauge');
    expect(types.get('portail_delivery_failures_total')).toBe('counter');
    // The pool is PostgreSQL's; PGlite has one embedded connection and reports none.
    const pooled = ctx.database.kind === 'postgres';
    expect(types.has('portail_db_pool_connections')).toBe(pooled);
    expect(types.has('portail_db_pool_waiting_queries')).toBe(pooled);
    if (pooled) {
      const exposition = parseExposition(reply.body);
      expect(sampleValue(exposition, 'portail_db_pool_connections', { state: 'open' })).toBeGreaterThan(0);
    }
  });

  it('labels requests with the route pattern, never the URL, and unmatched ones as such', async () => {
    await ctx.app.inject({ method: 'GET', url: '/api/adherents/918273' });
    await ctx.app.inject({ method: 'GET', url: '/api/no-such-route/564738' });
    const reply = await ctx.app.inject({ method: 'GET', url: '/metrics' });
    const exposition = parseExposition(reply.body);
    const labels = { method: 'GET', route: '/api/adherents/:id', status: '401' };
    expect(sampleValue(exposition, 'http_requests_total', labels)).toBeGreaterThanOrEqual(1);
    expect(sampleValue(exposition, 'http_request_duration_seconds_count', labels)).toBeGreaterThanOrEqual(1);
    expect(
      sampleValue(exposition, 'http_requests_total', { route: 'unmatched', status: '404' }),
    ).toBeGreaterThanOrEqual(1);
    expect(reply.body).not.toContain('918273');
    expect(reply.body).not.toContain('564738');
    expect(reply.body).not.toContain('no-such-route');
  });

  it('counts sign-in outcomes, code confirmations and locks, and the accounts whose lock holds', async () => {
    const before = await scrape();
    const signIns = (outcome: string, exposition: Exposition) =>
      sampleValue(exposition, 'portail_sign_ins_total', { outcome });
    await passwordRequest(ctx.app, 'corr.etablissement', true, 'Wrong#2026');
    await passwordRequest(ctx.app, 'nobody.here', true, 'Wrong#2026');
    await signIn(ctx, 'participant.dmc', 'participant');
    const wrongCode = await signIn(ctx, 'participant.en', 'participant', { confirm: false });
    await ctx.app.inject({
      method: 'POST',
      url: '/api/oauth/doubleAuthentification/confirmer-code',
      headers: wrongCode.headers,
      payload: { code: ctx.notifier.lastCode() === '000000' ? '111111' : '000000' },
    });
    // Three wrong passwords lock the account; a fourth try is refused as locked.
    for (let i = 0; i < 4; i++) await passwordRequest(ctx.app, 'participant.test1', false, 'Wrong#2026');
    const after = await scrape();
    expect(signIns('wrong_password', after) - signIns('wrong_password', before)).toBe(4);
    expect(signIns('unknown', after) - signIns('unknown', before)).toBe(1);
    expect(signIns('success', after) - signIns('success', before)).toBe(2);
    expect(signIns('code_ok', after) - signIns('code_ok', before)).toBe(1);
    expect(signIns('code_wrong', after) - signIns('code_wrong', before)).toBe(1);
    expect(signIns('locked', after) - signIns('locked', before)).toBe(1);
    const locks = (exposition: Exposition) => sampleValue(exposition, 'portail_account_locks_total');
    expect(locks(after) - locks(before)).toBe(1);
    const locked = (exposition: Exposition) => sampleValue(exposition, 'portail_locked_accounts');
    expect(locked(after) - locked(before)).toBe(1);
    // No login and no address in any label.
    const text = (await ctx.app.inject({ method: 'GET', url: '/metrics' })).body;
    for (const secret of ['corr.etablissement', 'nobody.here', 'participant.test1', '127.0.0.1']) {
      expect(text).not.toContain(secret);
    }
  });

  it('counts the outbox messages by delivery status at scrape time', async () => {
    const before = await scrape();
    const message = { channel: 'SMS' as const, recipient: '+33600000000', body: 'metrics test' };
    await ctx.database.db.insert(outbox).values([
      { ...message, status: 'QUEUED' },
      { ...message, status: 'QUEUED' },
      { ...message, status: 'RETRYING' },
      { ...message, status: 'DEAD' },
      { ...message, status: 'SENT' },
    ]);
    const after = await scrape();
    const delta = (status: string) =>
      sampleValue(after, 'portail_outbox_messages', { status }) -
      sampleValue(before, 'portail_outbox_messages', { status });
    expect({
      QUEUED: delta('QUEUED'),
      RETRYING: delta('RETRYING'),
      DEAD: delta('DEAD'),
      SENT: delta('SENT'),
    }).toEqual({ QUEUED: 2, RETRYING: 1, DEAD: 1, SENT: 1 });
  });
});

describe('/metrics among the routes', () => {
  it('is not an API route: neither in the OpenAPI document nor in the access matrix the security suite walks', () => {
    // The access guard, the access matrix and the fuzzer (security/) cover `routeTable`, the `/api/`
    // routes; `/metrics` has its own rule (METRICS_ALLOW, this file).
    const spec = ctx.app.swagger() as { paths: Record<string, unknown> };
    expect(Object.keys(spec.paths).filter((path) => path.includes('metrics'))).toEqual([]);
    expect(ctx.app.routeTable.filter((route) => route.url.includes('metrics'))).toEqual([]);
    expect(ctx.app.hasRoute({ method: 'GET', url: '/metrics' })).toBe(true);
  });
});

describe('who may read the metrics', () => {
  /** The reply to a path that does not exist, as a refused caller must get it. */
  async function notFound(remoteAddress: string) {
    const reply = await ctx.app.inject({ method: 'GET', url: '/api/nothing-here', remoteAddress });
    return { status: reply.statusCode, body: reply.body };
  }

  it('answers 404 to an address outside METRICS_ALLOW, the plain 404 and not the web app', async () => {
    // The web app answers its own paths (sanity check of the fixture).
    const page = await ctx.app.inject({ method: 'GET', url: '/accueil', remoteAddress: '203.0.113.9' });
    expect(page.body).toContain('web app');
    for (const url of ['/metrics', '/metrics?name[]=http_requests_total']) {
      const reply = await ctx.app.inject({ method: 'GET', url, remoteAddress: '203.0.113.9' });
      expect({ status: reply.statusCode, body: reply.body }).toEqual(await notFound('203.0.113.9'));
      expect(reply.body).not.toContain('web app');
      expect(reply.body).not.toContain('# TYPE');
    }
    const head = await ctx.app.inject({ method: 'HEAD', url: '/metrics', remoteAddress: '203.0.113.9' });
    expect(head.statusCode).toBe(404);
  });

  it('judges the socket address: X-Forwarded-For can neither let an outsider in nor a proxy through', async () => {
    // TRUST_PROXY=1: request.ip would be 127.0.0.1 here, an allowed address.
    const spoofed = await ctx.app.inject({
      method: 'GET',
      url: '/metrics',
      remoteAddress: '203.0.113.9',
      headers: { 'x-forwarded-for': '127.0.0.1' },
    });
    expect(spoofed.statusCode).toBe(404);
    expect(spoofed.body).not.toContain('# TYPE');
    // A reverse proxy on the same host connects from 127.0.0.1 on behalf of its users.
    for (const headers of [
      { 'x-forwarded-for': '198.51.100.7' },
      { forwarded: 'for=198.51.100.7' },
      { 'x-real-ip': '198.51.100.7' },
    ]) {
      const proxied = await ctx.app.inject({
        method: 'GET',
        url: '/metrics',
        remoteAddress: '127.0.0.1',
        headers,
      });
      expect(proxied.statusCode).toBe(404);
    }
    const ipv6 = await ctx.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '::1' });
    expect(ipv6.statusCode).toBe(200);
  });

  it('matches addresses and networks of METRICS_ALLOW, IPv4 clients of a dual-stack socket included', () => {
    const allowed = metricsAccess(['10.1.0.0/16', '192.0.2.7', 'fd00::/8']);
    expect(allowed('10.1.200.3', {})).toBe(true);
    expect(allowed('::ffff:10.1.0.9', {})).toBe(true);
    expect(allowed('10.2.0.1', {})).toBe(false);
    expect(allowed('192.0.2.7', {})).toBe(true);
    expect(allowed('192.0.2.8', {})).toBe(false);
    expect(allowed('fd12::1', {})).toBe(true);
    expect(allowed('fe80::1', {})).toBe(false);
    expect(allowed(undefined, {})).toBe(false);
    expect(allowed('10.1.0.1', { 'x-forwarded-for': '10.1.0.1' })).toBe(false);
    expect(metricsAccess([])('127.0.0.1', {})).toBe(false);
  });

  it('refuses a METRICS_ALLOW that is not addresses or networks, and a METRICS_PORT equal to PORT', () => {
    expect(() => testConfig({ METRICS_ALLOW: '127.0.0.1,localhost' })).toThrow(ConfigError);
    expect(() => testConfig({ METRICS_ALLOW: '10.0.0.0/33' })).toThrow(ConfigError);
    expect(() => testConfig({ PORT: '3000', METRICS_PORT: '3000' })).toThrow(ConfigError);
    expect(testConfig({ METRICS_ALLOW: ' 10.0.0.0/24 , ::1 ' }).metricsAllow).toEqual(['10.0.0.0/24', '::1']);
    expect(testConfig().metricsAllow).toEqual(['127.0.0.1', '::1']);
  });
});

/** Another app on the test's database, with settings of its own. */
async function otherApp(env: Record<string, string>): Promise<FastifyInstance> {
  const config = testConfig({ WEB_DIST: webDist, ...env });
  const app = await buildApp({
    config,
    database: ctx.database,
    notifier: new RecordingNotifier(),
    logger: false,
  });
  await app.ready();
  return app;
}

describe('METRICS_PORT and METRICS_ENABLED', () => {
  it('serves the metrics only on a listener of their own, closed with the app', async () => {
    const app = await otherApp({ METRICS_PORT: '0', METRICS_HOST: '127.0.0.1' });
    let metricsBase = '';
    try {
      const bound = app.metricsAddress();
      expect(bound).not.toBeNull();
      metricsBase = `http://127.0.0.1:${bound?.port}`;
      const scraped = await fetch(`${metricsBase}/metrics`);
      expect(scraped.status).toBe(200);
      expect(scraped.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
      expect(parseExposition(await scraped.text()).types.get('http_requests_total')).toBe('counter');
      // Nothing else on that port.
      expect((await fetch(`${metricsBase}/api/health`)).status).toBe(404);
      expect((await fetch(`${metricsBase}/metrics`, { method: 'POST' })).status).toBe(404);
      // And no metrics on the app's own port, neither injected nor over a socket.
      const injected = await app.inject({ method: 'GET', url: '/metrics' });
      expect(injected.statusCode).toBe(404);
      expect(injected.body).not.toContain('web app');
      await app.listen({ port: 0, host: '127.0.0.1' });
      const main = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
      expect((await fetch(`${main}/api/health`)).status).toBe(200);
      const overSocket = await fetch(`${main}/metrics`);
      expect(overSocket.status).toBe(404);
      expect(await overSocket.text()).not.toContain('# TYPE');
    } finally {
      await app.close();
    }
    await expect(fetch(`${metricsBase}/metrics`)).rejects.toThrow();
  });

  it('applies METRICS_ALLOW on its own listener too', async () => {
    const app = await otherApp({ METRICS_PORT: '0', METRICS_HOST: '127.0.0.1', METRICS_ALLOW: '10.0.0.0/8' });
    try {
      const refused = await fetch(`http://127.0.0.1:${app.metricsAddress()?.port}/metrics`);
      expect(refused.status).toBe(404);
      expect(await refused.text()).not.toContain('# TYPE');
    } finally {
      await app.close();
    }
  });

  it('has no /metrics at all with METRICS_ENABLED=false', async () => {
    const app = await otherApp({ METRICS_ENABLED: 'false' });
    try {
      const reply = await app.inject({ method: 'GET', url: '/metrics' });
      expect(reply.statusCode).toBe(404);
      expect(reply.body).not.toContain('web app');
      expect(app.metricsAddress).toBeUndefined();
    } finally {
      await app.close();
    }
  });
});

describe('delivery failures', () => {
  const quiet = { warn: () => undefined, error: () => undefined } as unknown as FastifyBaseLogger;

  it('counts each failed attempt of the sender, and the last one as dead', async () => {
    const metrics = new PortalMetrics();
    const failing = {
      sms: { send: async () => Promise.reject(new Error('provider down')) },
      mail: { send: async () => Promise.reject(new Error('relay down')) },
    };
    const send = createSender(ctx.database.db, failing, quiet, metrics);
    const [row] = await ctx.database.db
      .insert(outbox)
      .values({ channel: 'SMS', recipient: '+33600000001', body: 'metrics test' })
      .returning({ id: outbox.id });
    const id = row?.id ?? -1;
    await expect(send(id, { retryCount: 0, retryLimit: 1 })).rejects.toThrow('provider down');
    await expect(send(id, { retryCount: 1, retryLimit: 1 })).rejects.toThrow('provider down');
    const exposition = parseExposition((await metrics.text()).body);
    const failures = (outcome: string) =>
      sampleValue(exposition, 'portail_delivery_failures_total', { channel: 'SMS', outcome });
    expect({ retry: failures('retry'), dead: failures('dead') }).toEqual({ retry: 1, dead: 1 });
    // The sender without hooks behaves as before.
    const plain = createSender(ctx.database.db, failing, quiet);
    await expect(plain(id, { retryCount: 1, retryLimit: 1 })).rejects.toThrow('provider down');
  });
});

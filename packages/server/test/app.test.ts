import { outboxReply } from '@portail/contract/schemas/dev';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../src/app';
import {
  CENTRE_EXAMPLE,
  createTestContext,
  passwordRequest,
  RecordingNotifier,
  type TestContext,
  testConfig,
} from './helper';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ participants: 40 });
});
afterAll(async () => ctx.close());

describe('every reply', () => {
  it('carries the security headers and no-store on the API', async () => {
    const reply = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    expect(reply.json()).toEqual({ status: 'ok' });
    const csp = String(reply.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(reply.headers['strict-transport-security']).toMatch(/max-age=\d+/);
    expect(reply.headers['x-content-type-options']).toBe('nosniff');
    expect(reply.headers['x-frame-options']).toBe('DENY');
    expect(reply.headers['cache-control']).toBe('no-store');
  });

  it('reports readiness with the database', async () => {
    const reply = await ctx.app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(reply.json()).toEqual({ status: 'ok', database: true });
  });
});

describe('bad input', () => {
  it('answers 4xx, never 5xx, with a translatable message', async () => {
    const cases = [
      {
        method: 'POST',
        url: '/api/oauth/principal',
        headers: { 'content-type': 'application/json' },
        payload: '{oops',
      },
      { method: 'POST', url: '/api/oauth/token', headers: { 'content-type': 'text/plain' }, payload: 'x' },
      { method: 'GET', url: '/api/nothing-here' },
      { method: 'POST', url: '/api/health' },
      {
        method: 'POST',
        url: '/api/oauth/token',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ big: 'x'.repeat(2 * 1024 * 1024) }),
      },
    ] as const;
    for (const request of cases) {
      const reply = await ctx.app.inject(request);
      expect(reply.statusCode, `${request.method} ${request.url}`).toBeGreaterThanOrEqual(400);
      expect(reply.statusCode, `${request.method} ${request.url}`).toBeLessThan(500);
      expect(reply.body).not.toMatch(/at .*\.ts:\d+/);
    }
    expect((await ctx.app.inject({ method: 'GET', url: '/api/nothing-here' })).json()).toEqual({
      status: 404,
      error: 'Not Found',
      message: 'http.404',
    });
  });
});

describe('OpenAPI', () => {
  it('is generated from the contract at /api/docs', async () => {
    const reply = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(reply.statusCode).toBe(200);
    const doc = reply.json<{ paths: Record<string, unknown> }>();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/oauth/token', '/api/oauth/principal']),
    );
    expect((await ctx.app.inject({ method: 'GET', url: '/api/docs' })).statusCode).toBeLessThan(400);
  });
});

describe('demo outbox', () => {
  it('lists what was sent, newest first, as JSON and as a page', async () => {
    const demo = await buildApp({ config: testConfig(), database: ctx.database, logger: false });
    await demo.ready();
    await passwordRequest(demo, 'participant.dmc', false);
    // The demo provider accepts the code a moment later, once the delivery queue hands it over.
    const json = await vi.waitFor(
      async () => {
        const reply = outboxReply.parse(
          (await demo.inject({ method: 'GET', url: '/api/dev/outbox?limit=5' })).json(),
        );
        expect(reply.items[0]?.channel).toBe('SMS');
        return reply;
      },
      { timeout: 10_000, interval: 50 },
    );
    expect(json.items[0]?.body).toMatch(/\b\d{6}\b/);
    const page = await demo.inject({ method: 'GET', url: '/dev/outbox' });
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain(json.items[0]?.recipient ?? 'missing');
    await demo.close();
  });

  it('does not exist outside demo mode', async () => {
    const live = await buildApp({
      config: testConfig({
        DEMO_MODE: 'false',
        SMTP_URL: 'smtp://127.0.0.1:1',
        SMS_PROVIDER_URL: 'http://127.0.0.1:1',
        PUBLIC_URL: 'https://x.fr',
        CENTRE_FILE: CENTRE_EXAMPLE,
      }),
      database: ctx.database,
      notifier: new RecordingNotifier(),
      logger: false,
    });
    await live.ready();
    expect((await live.inject({ method: 'GET', url: '/api/dev/outbox' })).statusCode).toBe(404);
    expect((await live.inject({ method: 'GET', url: '/dev/outbox' })).statusCode).toBe(404);
    await live.close();
  });
});

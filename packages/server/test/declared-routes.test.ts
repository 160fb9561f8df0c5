import { API_ROUTES } from '@portail/contract/api/index';
import { route } from '@portail/contract/api/route';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { SessionEvents } from '../src/auth/session-events';
import { checkDeclarationsServed, serve } from '../src/lib/serve';
import { createTestContext, type TestContext } from './helper';

/** The contract's declarations and the server's routes are the same list (lib/serve.ts, auth/guard.ts). */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx.close());

const key = (method: string, path: string) => `${method} ${path}`;

async function bareApp() {
  const { default: Fastify } = await import('fastify');
  const { installGuard } = await import('../src/auth/guard');
  const { validatorCompiler } = await import('../src/lib/validator');
  const { serializerCompiler } = await import('../src/lib/serializer');
  const app = Fastify();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installGuard(app, { db: ctx.database.db, config: ctx.config, sessions: new SessionEvents(0) });
  return app;
}

const probe = route({
  method: 'GET',
  path: '/api/probe/:id',
  access: 'permit',
  ids: { id: 'value' },
  params: z.object({ id: z.string() }),
  replies: { 200: z.object({ id: z.string() }) },
  tag: 'probe',
});

describe('declared and served', () => {
  it('the demo server serves every declaration of the contract, and nothing under /api/ besides', () => {
    const served = ctx.app.routeTable.map((entry) => key(entry.method, entry.url)).sort();
    const declared = API_ROUTES.map((declaration) => key(declaration.method, declaration.path)).sort();
    expect(served).toEqual(declared);
  });

  it('serves a declaration with its access rule, ids and schemas', () => {
    const entry = ctx.app.routeTable.find((route) => route.url === '/api/mutation/:id/accepter');
    expect(entry).toMatchObject({ method: 'POST', access: ['ROLE_CORRESPONDANT'], ids: { id: 'mutation' } });
  });

  it('refuses an /api/ route registered without its declaration', async () => {
    const app = await bareApp();
    expect(() =>
      app.get('/api/things/:id', { config: { access: 'permit', ids: { id: 'value' } } }, async () => 'x'),
    ).toThrow(/not registered from a contract declaration/);
    await app.close();
  });

  it('registers a declaration, validating its parameters', async () => {
    const app = await bareApp();
    serve(app, probe, async (request) => ({ id: request.params.id }));
    const reply = await app.inject({ method: 'GET', url: '/api/probe/abc' });
    expect(reply.json()).toEqual({ id: 'abc' });
    await app.close();
  });

  it('stops the start when a declaration has no handler', async () => {
    const app = await bareApp();
    expect(() => checkDeclarationsServed(app, [probe], false)).toThrow(/GET \/api\/probe\/:id/);
    serve(app, probe, async (request) => ({ id: request.params.id }));
    expect(() => checkDeclarationsServed(app, [probe], false)).not.toThrow();
    await app.close();
  });

  it('stops the start when a demo-only declaration is served outside demo mode', async () => {
    const app = await bareApp();
    const demo = { ...probe, demoOnly: true };
    serve(app, demo, async (request) => ({ id: request.params.id }));
    expect(() => checkDeclarationsServed(app, [demo], true)).not.toThrow();
    expect(() => checkDeclarationsServed(app, [demo], false)).toThrow(/outside demo mode/);
    await app.close();
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SessionEvents } from '../src/auth/session-events';
import { createTestContext, type TestContext } from './helper';

/**
 * The access matrix itself runs over HTTP against the real server in `npm run test:security`
 * (security/access.test.ts); here, what the guard refuses to register.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx.close());

describe('access rules', () => {
  it('refuses to register a route without an access rule, or with an undeclared path parameter', async () => {
    const { default: Fastify } = await import('fastify');
    const { installGuard } = await import('../src/auth/guard');
    const bare = Fastify();
    installGuard(bare, { db: ctx.database.db, config: ctx.config, sessions: new SessionEvents(0) });
    expect(() => bare.get('/api/naked', async () => 'x')).toThrow(/declares no access rule/);
    expect(() => bare.get('/api/things/:id', { config: { access: 'permit' } }, async () => 'x')).toThrow(
      /must declare/,
    );
    await bare.close();
  });
});

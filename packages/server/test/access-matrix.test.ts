import { hasAnyRole, type Role } from '@portail/contract/roles';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouteInfo } from '../src/auth/guard';
import { foreignId } from './access/foreign-ids';
import { type Identity, signInIdentities } from './access/identities';
import { createTestContext, type TestContext } from './helper';

/**
 * The access matrix (ARCHITECTURE.md, Authentication and access): every registered API route, called
 * by every kind of caller with ids from another scope. Routes added later join it by themselves.
 */
let ctx: TestContext;
let identities: Identity[];
beforeAll(async () => {
  ctx = await createTestContext();
  identities = await signInIdentities(ctx);
});
afterAll(async () => ctx.close());

function expectedRefusal(route: RouteInfo, identity: Identity): 401 | 403 | null {
  if (route.access === 'permit') return null;
  if (!identity.signed) return 401;
  if (!identity.confirmed && !route.allowUnconfirmed) return 403;
  if (!hasAnyRole(identity.roles as Role[], route.access)) return 403;
  return route.medicalRecord && identity.participantId !== null && !identity.medicalRecord ? 403 : null;
}

describe('access matrix', () => {
  it('covers every route with every identity, refuses outside the rules and never leaks another scope', async () => {
    // Routes that change the identities go last: re-activating the medical record gives
    // participant-without-record the record (the medical-record routes would then answer them), and
    // signing out ends the sessions, so it goes the very last.
    const rank = (route: RouteInfo) =>
      route.url.endsWith('/logout') ? 2 : route.url.endsWith('/re-activate-dmc') ? 1 : 0;
    const routes = [...ctx.app.routeTable].sort((a, b) => rank(a) - rank(b));
    expect(routes.length).toBeGreaterThan(5);
    const failures: string[] = [];
    let cases = 0;
    for (const route of routes) {
      for (const identity of identities) {
        let url = route.url;
        for (const [name, kind] of Object.entries(route.ids)) {
          url = url.replace(`:${name}`, String(await foreignId(ctx, identity, kind, name)));
        }
        const reply = await ctx.app.inject({
          method: route.method as 'GET',
          url,
          headers: identity.signed ? { authorization: `Bearer ${identity.access}` } : {},
          ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { payload: {} }),
        });
        cases++;
        const label = `${route.method} ${route.url} as ${identity.name}: ${reply.statusCode}`;
        if (reply.statusCode >= 500) failures.push(`${label} (server error)`);
        const refusal = expectedRefusal(route, identity);
        if (refusal !== null && reply.statusCode !== refusal) failures.push(`${label}, expected ${refusal}`);
        // Another scope's id must never answer with data (parameters naming no resource have no scope).
        const scoped = Object.values(route.ids).some((kind) => kind !== 'value');
        if (scoped && route.access !== 'permit' && reply.statusCode < 300) {
          failures.push(`${label}: answered for another scope's id`);
        }
      }
    }
    expect(failures).toEqual([]);
    expect(cases).toBe(routes.length * identities.length);
  });

  it('refuses to register a route without an access rule, or with an undeclared path parameter', async () => {
    const { default: Fastify } = await import('fastify');
    const { installGuard } = await import('../src/auth/guard');
    const bare = Fastify();
    installGuard(bare, { db: ctx.database.db, config: ctx.config });
    expect(() => bare.get('/api/naked', async () => 'x')).toThrow(/declares no access rule/);
    expect(() => bare.get('/api/things/:id', { config: { access: 'permit' } }, async () => 'x')).toThrow(
      /must declare/,
    );
    await bare.close();
  });
});

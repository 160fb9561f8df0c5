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

/**
 * What every reply must carry (ARCHITECTURE.md; issue 9): a CSP whose scripts come from the site only
 * (no inline script), HSTS, no MIME sniffing, no framing, and no caching of anything the API answers.
 */
function missingSecurityHeaders(headers: Record<string, unknown>): string[] {
  const csp = String(headers['content-security-policy'] ?? '');
  const scripts = /(?:^|;)\s*script-src ([^;]*)/.exec(csp)?.[1] ?? '';
  return [
    scripts.split(/\s+/).includes("'self'") && !scripts.includes('unsafe-inline') ? null : 'CSP script-src',
    /frame-ancestors 'none'/.test(csp) ? null : 'CSP frame-ancestors',
    /max-age=\d{7,}/.test(String(headers['strict-transport-security'] ?? '')) ? null : 'HSTS',
    headers['x-content-type-options'] === 'nosniff' ? null : 'nosniff',
    headers['x-frame-options'] === 'DENY' ? null : 'X-Frame-Options',
    headers['cache-control'] === 'no-store' ? null : 'Cache-Control no-store',
  ].filter((name): name is string => name !== null);
}

describe('access matrix', () => {
  it('covers every route with every identity, refuses outside the rules, never leaks another scope and always sends the security headers', async () => {
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
        const missing = missingSecurityHeaders(reply.headers);
        if (missing.length > 0) failures.push(`${label}: headers ${missing.join(', ')}`);
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

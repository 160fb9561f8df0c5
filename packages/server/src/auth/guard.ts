import type { Access, ResourceKind } from '@portail/contract/api/route';
import { hasAnyRole } from '@portail/contract/roles';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { forbidden, unauthorized } from '../lib/errors';
import type { Caller } from './caller';
import { verifyAccessToken } from './jwt';
import type { SessionEvents } from './session-events';
import { loadCaller } from './sessions';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call the route: `permit`, or roles of which the caller needs one (hierarchy applies). */
    access?: Access;
    /** The route answers a participant who has not yet confirmed the text-message code. */
    allowUnconfirmed?: boolean;
    /**
     * What the route's `:id`-style path parameters name, so the access matrix can try another scope's
     * ids on it. Every guarded route with a path parameter must declare it.
     */
    ids?: Record<string, ResourceKind>;
    /**
     * Medical-record routes (documents, sheets, the mail they go to): a participant must have accepted
     * the online medical record (docs/roles-and-access.md#medical-record-gate). Other roles the route admits pass; they own no documents.
     */
    medicalRecord?: boolean;
  }
  interface FastifyRequest {
    caller: Caller | null;
  }
  interface FastifyInstance {
    /** Every API route with its access rule: the access-matrix tests walk it. */
    routeTable: RouteInfo[];
  }
}

export type { ResourceKind };

export interface RouteInfo {
  method: string;
  url: string;
  access: Access;
  allowUnconfirmed: boolean;
  medicalRecord: boolean;
  ids: Record<string, ResourceKind>;
}

const isGuarded = (url: string) => url.startsWith('/api/') && !url.startsWith('/api/docs');

function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1] ?? null;
}

/**
 * The one access guard. A route without an access rule cannot be registered (a rule-less route would
 * be denied anyway, docs/roles-and-access.md#route-guard); every request is authenticated and checked against its route's rule
 * before any handler runs.
 */
export function installGuard(
  app: FastifyInstance,
  deps: { db: Db; config: Config; sessions: SessionEvents },
): void {
  app.decorate('routeTable', [] as RouteInfo[]);
  app.decorateRequest('caller', null);

  app.addHook('onRoute', (route) => {
    if (!isGuarded(route.url) || route.method === 'HEAD') return;
    const access = route.config?.access;
    if (!access) throw new Error(`Route ${String(route.method)} ${route.url} declares no access rule`);
    const ids = route.config?.ids ?? {};
    const params = [...route.url.matchAll(/:(\w+)/g)].map((match) => match[1] ?? '');
    const undeclared = params.filter((name) => !ids[name]);
    if (undeclared.length > 0)
      throw new Error(`Route ${route.url} must declare what ${undeclared.join(', ')} names`);
    // Every API call is declared in the contract (contract/src/api) and registered from it (lib/serve.ts).
    if (!route.config?.declaration)
      throw new Error(
        `Route ${String(route.method)} ${route.url} is not registered from a contract declaration`,
      );
    // Every API call is declared in the contract (contract/src/api) and registered from it (lib/serve.ts).
    if (!route.config?.declaration)
      throw new Error(
        `Route ${String(route.method)} ${route.url} is not registered from a contract declaration`,
      );
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      app.routeTable.push({
        method,
        url: route.url,
        access,
        allowUnconfirmed: route.config?.allowUnconfirmed ?? false,
        medicalRecord: route.config?.medicalRecord ?? false,
        ids,
      });
    }
  });

  async function authenticate(token: string): Promise<Caller | null> {
    const claims = await verifyAccessToken(token, deps.config.jwtSecret);
    return claims ? loadCaller(deps.db, deps.sessions, claims.userId, claims.sessionId, deps.config) : null;
  }

  app.addHook('onRequest', async (request) => {
    const { access, allowUnconfirmed, medicalRecord } = request.routeOptions.config;
    if (!access) return;
    const token = bearerToken(request);
    if (access === 'permit') {
      request.caller = token ? await authenticate(token) : null;
      return;
    }
    if (!token) throw unauthorized('auth.loginRequired');
    const caller = await authenticate(token);
    if (!caller) throw unauthorized('auth.tokenException');
    if (!caller.confirmed && !allowUnconfirmed) throw forbidden('auth.confirmationRequired');
    if (!hasAnyRole(caller.roles, access)) throw forbidden();
    if (medicalRecord && caller.kind === 'PARTICIPANT' && caller.profile.dmcStatus !== 'ACCEPTED')
      throw forbidden('document.error.dmcNonAccepte');
    request.caller = caller;
  });
}

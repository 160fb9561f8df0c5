import type { ApiRoute, SuccessSchema } from '@portail/contract/api/route';
import type { FastifyInstance, FastifyReply, FastifyRequest, LogLevel } from 'fastify';
import type { z } from 'zod';

type Read<S> = S extends z.ZodType ? z.output<S> : unknown;
type Written<S> = S extends z.ZodType ? z.input<S> : unknown;

/** The request a declared route's handler receives: params, query and body as its schemas read them. */
export type RouteRequest<R extends ApiRoute> = FastifyRequest<{
  Params: Read<R['params']>;
  Querystring: Read<R['query']>;
  Body: Read<R['body']>;
}>;

/** A handler returns its success reply (written by the reply's schema) or sends the reply itself. */
export type RouteHandler<R extends ApiRoute> = (
  request: RouteRequest<R>,
  reply: FastifyReply,
) => Promise<Written<SuccessSchema<R>> | FastifyReply>;

export interface ServeOptions {
  /** A route polled by machines (health) logs only its warnings. */
  logLevel?: LogLevel;
  /** The handler reads `request.validationError` itself (the OAuth token endpoint answers in OAuth's words). */
  attachValidation?: boolean;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The contract's declaration the route was registered from (lib/serve.ts). */
    declaration?: ApiRoute;
  }
}

/**
 * Registers the handler of a route the contract declares: method, path, schemas, access rule and
 * limits all come from the declaration, so the served route cannot drift from what the web calls. The
 * guard (auth/guard.ts) refuses an `/api/` route registered any other way.
 */
export function serve<R extends ApiRoute>(
  app: FastifyInstance,
  declaration: R,
  handler: RouteHandler<R>,
  options: ServeOptions = {},
): void {
  const { method, path, access, ids, allowUnconfirmed, medicalRecord, bodyLimit } = declaration;
  app.route({
    method,
    url: path,
    config: {
      declaration,
      access,
      ...(ids ? { ids } : {}),
      ...(allowUnconfirmed ? { allowUnconfirmed } : {}),
      ...(medicalRecord ? { medicalRecord } : {}),
    },
    ...(bodyLimit ? { bodyLimit } : {}),
    ...(options.logLevel ? { logLevel: options.logLevel } : {}),
    ...(options.attachValidation ? { attachValidation: true } : {}),
    schema: {
      tags: [declaration.tag],
      ...(declaration.summary ? { summary: declaration.summary } : {}),
      ...(declaration.params ? { params: declaration.params } : {}),
      ...(declaration.query ? { querystring: declaration.query } : {}),
      ...(declaration.headers ? { headers: declaration.headers } : {}),
      ...(declaration.body ? { body: declaration.body } : {}),
      ...(declaration.consumes ? { consumes: [...declaration.consumes] } : {}),
      // A route without any reply schema (a text or a file) keeps OpenAPI's default response.
      ...(Object.keys(declaration.replies).length > 0 ? { response: declaration.replies } : {}),
    },
    // Fastify's own types cannot follow the declaration's schemas: RouteHandler<R> states them.
    handler: handler as (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>,
  });
}

/**
 * The other half of the promise: every declaration of the contract has its handler. Called once all the
 * features are registered; a declaration nobody serves stops the server (and every test) from starting.
 * Demo-only declarations are served in demo mode and never otherwise.
 */
export function checkDeclarationsServed(
  app: FastifyInstance,
  declarations: readonly ApiRoute[],
  demoMode: boolean,
): void {
  const served = new Set(app.routeTable.map((route) => `${route.method} ${route.url}`));
  const wrong = declarations.filter(
    (declaration) =>
      served.has(`${declaration.method} ${declaration.path}`) !== (demoMode || !declaration.demoOnly),
  );
  if (wrong.length > 0)
    throw new Error(
      `Declared in contract/src/api but ${demoMode ? 'not served' : 'not served, or served outside demo mode'}: ${wrong
        .map((declaration) => `${declaration.method} ${declaration.path}`)
        .join(', ')}`,
    );
}

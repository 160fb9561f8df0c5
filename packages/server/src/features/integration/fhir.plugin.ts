import type { Bundle, Resource } from '@medplum/fhirtypes';
import { FHIR_BASE_PATH, FHIR_MIME } from '@portail/contract/integration/fhir';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { SessionEvents } from '../../auth/session-events';
import type { Config } from '../../config';
import type { Database, Db } from '../../db/client';
import { audit } from '../../lib/audit';
import type { Changes } from '../../lib/changes';
import type { Notifier } from '../../notify/notifier';
import { CORRESPONDANTS_CHANNEL } from '../correspondants';
import { capabilityStatement } from './capability-statement';
import { CodeBookCache } from './code-book-cache';
import { FhirError, type Issue, invalid, notFoundResource, operationOutcome } from './fhir-outcome';
import type { FhirContext, FhirResourceHandler, SearchPage } from './fhir-resource';
import {
  conditionalCriteria,
  expectedVersion,
  inTransaction,
  resourceBody,
  type WriteOutcome,
  writeOne,
} from './fhir-writes';
import { historyBundle, parseSince } from './history';
import { issuePatientActivationCode } from './patient-activation';
import { type FhirInteraction, scopeAllows } from './smart-scopes';
import { type ActiveClient, loadActiveClient } from './system-clients';
import { verifySystemToken } from './system-token';
import { planTransaction, runTransaction } from './transaction-bundle';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A FHIR route: the resource type and interaction its scope must allow. */
    fhir?: { type: string; interaction: FhirRouteInteraction };
  }
  interface FastifyRequest {
    systemClient: ActiveClient | null;
    /** The scopes of the caller's token (a transaction checks each entry against them; the
     * system-level history lists the types they allow). */
    systemScopes: readonly string[] | null;
  }
  interface FastifyInstance {
    /** Every FHIR route with its resource type and interaction: the security suite's matrix walks it. */
    fhirRouteTable: FhirRouteInfo[];
  }
}

/** A resource interaction, or a transaction Bundle (whose entries are each checked against the scopes). */
export type FhirRouteInteraction = FhirInteraction | 'transaction';

export interface FhirRouteInfo {
  method: string;
  url: string;
  type: string;
  interaction: FhirRouteInteraction;
}

export interface FhirDeps {
  db: Db;
  config: Config;
  notifier: Notifier;
  sessions: SessionEvents;
  handlers: readonly FhirResourceHandler[];
  software: { name: string; version: string };
  /** Filled with the routes as they are registered (the root's `fhirRouteTable`). */
  routeTable: FhirRouteInfo[];
  /** LISTEN on the database (the reference lists' changes keep the process's CodeBook fresh). */
  listen?: Database['listen'];
  /** This instance's change announcements: a write drops the portal's cached list pages it changed. */
  changes?: Changes;
}

/** FHIR logical ids: 1 to 64 letters, digits, `-` and `.`. */
const FHIR_ID = /^[A-Za-z0-9\-.]{1,64}$/;
const DEFAULT_COUNT = 50;
/** The largest body a write takes: a document's PDF in base64, or a transaction Bundle of the initial load. */
export const FHIR_BODY_LIMIT = 32 * 1024 * 1024;
const MAX_COUNT = 1000;
/** Search parameters every resource takes (result control), apart from its own. */
const CONTROL_PARAMS = new Set(['_count', '_offset', '_format', '_total']);
/** What a history call takes (`_at` and `_list` are not supported, and refused rather than ignored). */
const HISTORY_PARAMS = new Set(['_since', '_count', '_format']);
/** The resource type of the system-level routes (`/_history`): their scope check is the guard's. */
export const ANY_TYPE = '*';

const bearer = (request: FastifyRequest): string | null =>
  /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1] ?? null;

const loginRefused = (diagnostics: string) =>
  new FhirError(401, [{ code: 'login', diagnostics }], { 'www-authenticate': 'Bearer realm="fhir"' });

function pageOf(params: URLSearchParams): SearchPage {
  const number = (name: string, fallback: number, max: number): number => {
    const text = params.get(name);
    if (text === null) return fallback;
    if (!/^\d{1,9}$/.test(text)) throw invalid(`${name} must be a whole number`, name, 'value');
    return Math.min(Number(text), max);
  };
  return { count: number('_count', DEFAULT_COUNT, MAX_COUNT), offset: number('_offset', 0, 1_000_000_000) };
}

/** The query string of a request as FHIR reads it (repeated parameters kept). */
/**
 * The format a request asks for that this server does not answer, or null: a `_format` other than
 * JSON, or an `Accept` naming XML (or Turtle) and no JSON nor any type. FHIR R4 §3.1.0.1.7: 406 then,
 * rather than JSON the client cannot read. A Binary's read may ask for its own type.
 */
function notServedFormat(request: FastifyRequest, type: string): string | null {
  const format = queryOf(request).get('_format');
  if (format !== null && !/^(json|application\/(fhir\+)?json)(;.*)?$/i.test(format.trim()))
    return format.slice(0, 100);
  const accept = String(request.headers.accept ?? '').toLowerCase();
  if (type !== 'Binary' && /xml|turtle/.test(accept) && !/json|\*\/\*/.test(accept))
    return accept.slice(0, 100);
  return null;
}

const queryOf = (request: FastifyRequest): URLSearchParams =>
  new URLSearchParams(request.url.includes('?') ? request.url.slice(request.url.indexOf('?') + 1) : '');

function searchSet(
  baseUrl: string,
  type: string,
  params: URLSearchParams,
  page: SearchPage,
  result: { resources: Resource[]; total: number },
): Bundle {
  const link = (offset: number) => {
    const next = new URLSearchParams(params);
    next.set('_count', String(page.count));
    next.set('_offset', String(offset));
    return `${baseUrl}/${type}?${next.toString()}`;
  };
  const links: Bundle['link'] = [{ relation: 'self', url: link(page.offset) }];
  // `_count=0` asks for the total alone: no page follows it (a next link equal to self would loop).
  if (page.count > 0 && page.offset + result.resources.length < result.total)
    links.push({ relation: 'next', url: link(page.offset + page.count) });
  if (page.offset > 0) links.push({ relation: 'previous', url: link(Math.max(0, page.offset - page.count)) });
  return {
    resourceType: 'Bundle',
    type: 'searchset',
    total: result.total,
    link: links,
    entry: result.resources.map((resource) => ({
      fullUrl: `${baseUrl}/${resource.resourceType}/${resource.id}`,
      resource,
      search: { mode: 'match' },
    })),
  };
}

/** Every parameter of a search (or of a conditional write's criteria) is one the resource answers. */
function checkSearchParams(handler: FhirResourceHandler, params: URLSearchParams): void {
  const known = new Set(handler.searchParams.map((param) => param.name));
  for (const [name, value] of params) {
    // A control character (NUL included) is no part of any value this API searches on.
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused
    if (/[\u0000-\u001f\u007f]/.test(value))
      throw invalid(`${name} holds a control character`, name, 'value');
    const base = name.split(':')[0] ?? name;
    if (!known.has(base) && !CONTROL_PARAMS.has(base))
      throw invalid(`Unknown search parameter ${name} (see /metadata)`, name, 'not-supported');
  }
}

function sendResource(reply: FastifyReply, resource: Resource, status = 200) {
  if (resource.meta?.versionId) reply.header('etag', `W/"${resource.meta.versionId}"`);
  if (resource.meta?.lastUpdated)
    reply.header('last-modified', new Date(resource.meta.lastUpdated).toUTCString());
  return reply.code(status).send(resource);
}

/**
 * Whether a read of a file-like resource (Binary) answers its bytes: the client's `Accept` names the
 * file's own type (`application/pdf`) and no JSON type, so a FHIR client, which asks for
 * `application/fhir+json` or `application/json`, always gets the resource.
 */
function acceptsRaw(accept: string | undefined, contentType: string): boolean {
  const types = (accept ?? '').split(',').map((range) => range.split(';')[0]?.trim().toLowerCase() ?? '');
  return types.includes(contentType.toLowerCase()) && !types.some((type) => type.endsWith('json'));
}

function sendRaw(reply: FastifyReply, resource: Resource, raw: { contentType: string; body: Buffer }) {
  if (resource.meta?.versionId) reply.header('etag', `W/"${resource.meta.versionId}"`);
  return reply.code(200).header('content-type', raw.contentType).send(raw.body);
}

/** A Fastify error (body too large, bad JSON, wrong content type…) as the OperationOutcome it means. */
function fastifyIssue(error: FastifyError): { status: number; issue: Issue } | null {
  const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
  if (status >= 500) return null;
  return { status, issue: { code: status === 413 ? 'too-costly' : 'invalid', diagnostics: error.message } };
}

/**
 * The integration API (issue 19): a FHIR R4 server at /fhir/R4 for the centre's information system.
 * Only system clients of the centre call it (SMART Backend Services tokens; a user's token is refused),
 * each call within its client's scopes and written to the audit log with the client's name. Every
 * refusal is an OperationOutcome naming the element at fault.
 */
export function fhirRoutes(deps: FhirDeps) {
  const { db, config, handlers } = deps;
  const baseUrl = `${config.publicUrl}${FHIR_BASE_PATH}`;
  const historyHandlers = new Map(
    handlers.filter((handler) => handler.history && handler.read).map((handler) => [handler.type, handler]),
  );
  /** A system-level call is allowed when the scopes allow it on at least one type it covers. */
  const allows = (scopes: readonly string[], type: string, interaction: FhirInteraction) =>
    type === ANY_TYPE
      ? [...historyHandlers.keys()].some((each) => scopeAllows(scopes, each, interaction))
      : scopeAllows(scopes, type, interaction);

  const plugin = async (app: FastifyInstance, table: FhirRouteInfo[]) => {
    // One CodeBook for every call while the reference lists' changes are heard (code-book-cache.ts).
    const codes = new CodeBookCache();
    if (deps.listen) {
      const stop = deps.listen(CORRESPONDANTS_CHANNEL, codes.follow, app.log);
      codes.start();
      app.addHook('onClose', async () => {
        codes.stop();
        await stop();
      });
    }
    app.decorateRequest('systemClient', null);
    app.decorateRequest('systemScopes', null);
    app.addHook('onRoute', (route) => {
      const fhir = route.config?.fhir;
      if (!fhir || route.method === 'HEAD') return;
      for (const method of Array.isArray(route.method) ? route.method : [route.method])
        table.push({ method, url: route.url, type: fhir.type, interaction: fhir.interaction });
    });
    app.addContentTypeParser(
      [FHIR_MIME, 'application/json'],
      { parseAs: 'string' },
      (_request, text, done) => {
        if (text === '') return done(null, undefined);
        try {
          done(null, JSON.parse(String(text)));
        } catch {
          done(invalid('The body is not valid JSON', undefined, 'structure'));
        }
      },
    );

    app.addHook('onRequest', async (request) => {
      const route = request.routeOptions.config.fhir;
      if (!route) return;
      const token = bearer(request);
      if (!token) throw loginRefused('A SMART Backend Services access token is required');
      const claims = await verifySystemToken(token, config.jwtSecret);
      if (!claims) throw loginRefused('The access token is not valid for this API, or has expired');
      const client = await loadActiveClient(db, claims.clientId);
      if (!client) throw loginRefused('The client is not registered, or was revoked');
      request.systemClient = client;
      request.systemScopes = claims.scopes;
      // A transaction's entries are checked one by one later; a token that may write nothing at all
      // is refused here, before its body is read, as any other route refuses a missing scope.
      const allowed =
        route.interaction === 'transaction'
          ? handlers.some(
              (handler) =>
                scopeAllows(claims.scopes, handler.type, 'create') ||
                scopeAllows(claims.scopes, handler.type, 'update'),
            )
          : allows(claims.scopes, route.type, route.interaction);
      if (!allowed)
        throw new FhirError(403, [
          {
            code: 'forbidden',
            diagnostics: `The token's scopes do not allow ${route.interaction} on ${route.type}`,
          },
        ]);
      const format = notServedFormat(request, route.type);
      if (format)
        throw new FhirError(406, [
          {
            code: 'not-supported',
            diagnostics: `This server answers FHIR JSON only (application/fhir+json), not ${format}`,
          },
        ]);
    });

    // Every call of a client, answered or refused, with the client's name (never the query's values).
    app.addHook('onResponse', async (request, reply) => {
      const route = request.routeOptions.config.fhir;
      const client = request.systemClient;
      if (!route || !client) return;
      const params = request.params as { id?: string } | undefined;
      await audit(db, {
        actorUserId: null,
        action: `FHIR_${route.interaction.toUpperCase()}`,
        targetType: route.type,
        ...(params?.id ? { targetId: params.id } : {}),
        details: { client: client.name, clientId: client.clientId, status: reply.statusCode },
        ip: request.ip,
      }).catch((error: unknown) => request.log.error({ err: error }, 'FHIR audit row not written'));
    });

    app.addHook('onSend', async (_request, reply, payload) => {
      // Every answer is FHIR JSON but a Binary's bytes asked for as such (sendRaw).
      const current = String(reply.getHeader('content-type') ?? '');
      if (current === '' || current.includes('json'))
        reply.header('content-type', `${FHIR_MIME}; charset=utf-8`);
      reply.header('cache-control', 'no-store');
      return payload;
    });

    app.setErrorHandler((error: FastifyError, request, reply) => {
      if (error instanceof FhirError) {
        return reply.code(error.statusCode).headers(error.headers).send(operationOutcome(error.issues));
      }
      const known = fastifyIssue(error);
      if (known) return reply.code(known.status).send(operationOutcome([known.issue]));
      request.log.error({ err: error }, 'FHIR request failed');
      return reply
        .code(500)
        .send(operationOutcome([{ code: 'exception', diagnostics: 'The server could not answer' }]));
    });

    app.setNotFoundHandler(async (request, reply) => {
      const type = request.url.slice(FHIR_BASE_PATH.length + 1).split(/[/?]/)[0] ?? '';
      return reply.code(404).send(
        operationOutcome([
          {
            code: 'not-supported',
            diagnostics: `${request.method} ${type || '/'} is not an interaction of this server (see /metadata)`,
          },
        ]),
      );
    });

    const context = (request: FastifyRequest): FhirContext => {
      if (!request.systemClient) throw loginRefused('A SMART Backend Services access token is required');
      const { log } = request;
      return {
        db,
        config,
        client: request.systemClient,
        log,
        ip: request.ip,
        baseUrl,
        notifier: deps.notifier,
        sessions: deps.sessions,
        ...(deps.changes ? { changes: deps.changes } : {}),
        afterCommit: (task) => {
          task().catch((error: unknown) => log.error({ err: error }, 'FHIR task failed'));
        },
        codes,
      };
    };

    app.get('/metadata', async () => capabilityStatement(handlers, baseUrl, deps.software));

    /** A history call's `_since` and `_count`, anything else refused by name. */
    const historyQuery = (request: FastifyRequest) => {
      const params = queryOf(request);
      for (const name of params.keys())
        if (!HISTORY_PARAMS.has(name))
          throw invalid(`${name} is not a parameter of _history here (see /metadata)`, name, 'not-supported');
      return { since: parseSince(params.get('_since')), count: pageOf(params).count };
    };
    if (historyHandlers.size > 0) {
      app.get(
        '/_history',
        { config: { fhir: { type: ANY_TYPE, interaction: 'history' } } },
        async (request) => {
          const types = [...historyHandlers.keys()].filter((type) =>
            scopeAllows(request.systemScopes ?? [], type, 'history'),
          );
          return historyBundle(context(request), historyHandlers, {
            path: '_history',
            types,
            ...historyQuery(request),
          });
        },
      );
    }
    for (const type of historyHandlers.keys()) {
      app.get(`/${type}/_history`, { config: { fhir: { type, interaction: 'history' } } }, async (request) =>
        historyBundle(context(request), historyHandlers, {
          path: `${type}/_history`,
          types: [type],
          ...historyQuery(request),
        }),
      );
    }

    const byType = new Map(handlers.map((handler) => [handler.type, handler]));
    const writeOptions = (type: string, interaction: FhirInteraction) => ({
      bodyLimit: FHIR_BODY_LIMIT,
      config: { fhir: { type, interaction } },
    });
    const sendWrite = (reply: FastifyReply, outcome: WriteOutcome) => {
      const { resource, created } = outcome;
      const version = resource.meta?.versionId;
      if (created)
        reply.header(
          'location',
          `${baseUrl}/${resource.resourceType}/${resource.id}${version ? `/_history/${version}` : ''}`,
        );
      return sendResource(reply, resource, created ? 201 : 200);
    };
    const header = (request: FastifyRequest, name: string): string | undefined => {
      const value = request.headers[name];
      return Array.isArray(value) ? value[0] : value;
    };

    // The transaction endpoint exists once some resource can be written.
    if (handlers.some((handler) => handler.create || handler.update))
      app.post(
        '/',
        { bodyLimit: FHIR_BODY_LIMIT, config: { fhir: { type: 'Bundle', interaction: 'transaction' } } },
        async (request) => {
          const planned = planTransaction(request.body, byType, request.systemScopes ?? []);
          return runTransaction(context(request), planned, (request.body as Bundle).entry?.length ?? 0);
        },
      );

    // The back office's letter to a participant it created carries an activation code (issue 17).
    if (byType.get('Patient')?.update)
      app.post<{ Params: { id: string } }>(
        '/Patient/:id/$activation-code',
        { config: { fhir: { type: 'Patient', interaction: 'update' } } },
        async (request) =>
          inTransaction(context(request), (ctx) => issuePatientActivationCode(ctx, request.params.id)),
      );

    for (const handler of handlers) {
      const { type, read, search, create, update } = handler;
      if (create) {
        app.post(`/${type}`, writeOptions(type, 'create'), async (request, reply) => {
          const ifNoneExist = header(request, 'if-none-exist');
          const outcome = await inTransaction(context(request), (ctx) =>
            writeOne(ctx, {
              handler,
              resource: resourceBody(request.body, type),
              method: 'POST',
              ...(ifNoneExist ? { criteria: conditionalCriteria(ifNoneExist, 'If-None-Exist') } : {}),
              ifMatch: null,
              at: type,
            }),
          );
          return sendWrite(reply, outcome);
        });
      }
      if (update) {
        app.put<{ Params: { id: string } }>(
          `/${type}/:id`,
          writeOptions(type, 'update'),
          async (request, reply) => {
            const { id } = request.params;
            if (!FHIR_ID.test(id)) throw notFoundResource(type, id.slice(0, 64));
            const resource = resourceBody(request.body, type);
            const ifMatch = expectedVersion(header(request, 'if-match'));
            const outcome = await inTransaction(context(request), (ctx) =>
              writeOne(ctx, { handler, resource, id, method: 'PUT', ifMatch, at: type }),
            );
            return sendWrite(reply, outcome);
          },
        );
        if (search) {
          app.put(`/${type}`, writeOptions(type, 'update'), async (request, reply) => {
            const query = request.url.includes('?') ? request.url.slice(request.url.indexOf('?') + 1) : '';
            const criteria = conditionalCriteria(query, `${type}?`);
            checkSearchParams(handler, criteria);
            const resource = resourceBody(request.body, type);
            const ifMatch = expectedVersion(header(request, 'if-match'));
            const outcome = await inTransaction(context(request), (ctx) =>
              writeOne(ctx, { handler, resource, criteria, method: 'PUT', ifMatch, at: type }),
            );
            return sendWrite(reply, outcome);
          });
        }
      }
      if (read) {
        app.get<{ Params: { id: string } }>(
          `/${type}/:id`,
          { config: { fhir: { type, interaction: 'read' } } },
          async (request, reply) => {
            const { id } = request.params;
            if (!FHIR_ID.test(id)) throw notFoundResource(type, id.slice(0, 64));
            const resource = await read(context(request), id);
            if (!resource) throw notFoundResource(type, id);
            const raw = handler.raw?.(resource);
            if (raw && acceptsRaw(request.headers.accept, raw.contentType))
              return sendRaw(reply, resource, raw);
            return sendResource(reply, resource);
          },
        );
      }
      if (read) {
        // vread: the portal keeps the current version only; an earlier one is in the change feed.
        app.get<{ Params: { id: string; vid: string } }>(
          `/${type}/:id/_history/:vid`,
          { config: { fhir: { type, interaction: 'read' } } },
          async (request, reply) => {
            const { id, vid } = request.params;
            if (!FHIR_ID.test(id)) throw notFoundResource(type, id.slice(0, 64));
            const resource = await read(context(request), id);
            if (!resource) throw notFoundResource(type, id);
            if (resource.meta?.versionId !== vid)
              throw new FhirError(404, [
                {
                  code: 'not-found',
                  diagnostics: `${type}/${id} is at version ${resource.meta?.versionId}: this server keeps the current version only (what changed is in ${type}/_history)`,
                },
              ]);
            return sendResource(reply, resource);
          },
        );
      }
      if (search) {
        app.get(`/${type}`, { config: { fhir: { type, interaction: 'search' } } }, async (request) => {
          const params = queryOf(request);
          checkSearchParams(handler, params);
          const page = pageOf(params);
          const result = await search(context(request), params, page);
          return searchSet(baseUrl, type, params, page, result);
        });
        // Search by POST (R4 §3.1.0.8.1: a server searching over HTTP takes GET and POST alike): the
        // form's parameters and the URL's together, answered as the GET search.
        app.post(
          `/${type}/_search`,
          { config: { fhir: { type, interaction: 'search' } } },
          async (request) => {
            const kind = String(request.headers['content-type'] ?? '');
            if (!kind.toLowerCase().startsWith('application/x-www-form-urlencoded'))
              throw new FhirError(415, [
                {
                  code: 'not-supported',
                  diagnostics: 'A search by POST sends its parameters as application/x-www-form-urlencoded',
                },
              ]);
            const params = queryOf(request);
            const form = (request.body ?? {}) as Record<string, string | string[]>;
            for (const [name, value] of Object.entries(form))
              for (const one of [value].flat()) params.append(name, String(one));
            checkSearchParams(handler, params);
            const page = pageOf(params);
            const result = await search(context(request), params, page);
            return searchSet(baseUrl, type, params, page, result);
          },
        );
      }
    }
    // Any other path under the API is no interaction of it: a FHIR 404, never the web app's page.
    app.all('/*', async (request, reply) =>
      reply
        .code(404)
        .type(FHIR_MIME)
        .send(
          operationOutcome([
            {
              code: 'not-supported',
              diagnostics: `${request.method} ${request.url.split('?')[0]?.slice(0, 200)} is not an interaction of this server (see /metadata)`,
            },
          ]),
        ),
    );
  };
  return async (app: FastifyInstance) => {
    await app.register(async (scoped) => plugin(scoped, deps.routeTable), { prefix: FHIR_BASE_PATH });
  };
}

import { API_ROUTES } from '@portail/contract/api/index';
import { hasAnyRole, type Role } from '@portail/contract/roles';
import { documentAttachment, documentContent, documentRow } from '@portail/contract/schemas/documents';
import { and, eq, inArray } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ResourceKind, RouteInfo } from '../src/auth/guard';
import { correspondants, mutations, participants } from '../src/db/schema';
import { type BodySpec, SELECTION_ROUTE_FIELDS, SELECTIONS, takesSelection } from '../test/access/body-ids';
import { correspondantScope, foreignId } from '../test/access/foreign-ids';
import { type Identity, signInIdentities } from '../test/access/identities';
import { type OpenApiPaths, queryIdsOf, UNKNOWN_ID } from '../test/access/query-ids';
import { figure, type HttpReply, type Portal, startPortal } from './portal';
import { missingSecurityHeaders } from './security-headers';

/**
 * The access matrix (ARCHITECTURE.md, Authentication and access) over HTTP: every registered route,
 * called by every kind of caller with ids from another scope; then every read a correspondant may make,
 * with ids of their own scope, searched for medical fields. Routes added later join by themselves.
 */
let portal: Portal;
let identities: Identity[];
beforeAll(async () => {
  portal = await startPortal();
  identities = await signInIdentities(portal);
});
afterAll(async () => portal.close());

function expectedRefusal(route: RouteInfo, identity: Identity): 401 | 403 | null {
  if (route.access === 'permit') return null;
  if (!identity.signed) return 401;
  if (!identity.confirmed && !route.allowUnconfirmed) return 403;
  if (!hasAnyRole(identity.roles as Role[], route.access)) return 403;
  return route.medicalRecord && identity.participantId !== null && !identity.medicalRecord ? 403 : null;
}

/** The fields of medical documents (contract, documents.ts) that no correspondant may ever receive. */
const GENERIC = new Set(['id', 'dateCreation', 'actif']);
const MEDICAL_FIELDS = new Set(
  [documentRow, documentContent, documentAttachment]
    .flatMap((schema) => Object.keys(schema.shape))
    .filter((key) => !GENERIC.has(key)),
);

function keysOf(value: unknown, into = new Set<string>()): Set<string> {
  if (Array.isArray(value)) for (const item of value) keysOf(item, into);
  else if (value && typeof value === 'object') {
    for (const [key, inner] of Object.entries(value)) {
      into.add(key);
      keysOf(inner, into);
    }
  }
  return into;
}

function jsonOf(reply: HttpReply): unknown {
  return reply.headers['content-type']?.startsWith('application/json') ? reply.json() : null;
}

/** An id of the correspondant's own scope, so that the read answers with data. */
async function ownId(identity: Identity, kind: ResourceKind, parameter: string): Promise<number | string> {
  const { db } = portal.database;
  const correspondantId = identity.correspondantId ?? -1;
  if (kind === 'participant') {
    const [row] = await db
      .select({ id: participants.id })
      .from(participants)
      .where(await correspondantScope(portal, correspondantId))
      .limit(1);
    return row?.id ?? 999_999;
  }
  if (kind === 'correspondant') return correspondantId;
  if (kind === 'mutation') {
    const [me] = await db.select().from(correspondants).where(eq(correspondants.id, correspondantId));
    const [row] = await db
      .select({ id: mutations.id })
      .from(mutations)
      .where(and(eq(mutations.sourceEstablishmentId, me?.establishmentId ?? -1)))
      .limit(1);
    return row?.id ?? 999_999;
  }
  return foreignId(portal, identity, kind, parameter);
}

/**
 * The routes a production server serves (the demo outbox's are not), in the order the matrix calls
 * them: routes that change the identities go last. Re-activating the medical record gives
 * participant-without-record the record (the medical-record routes would then answer them),
 * withdrawing it takes it from participant-with-record, and signing out ends the sessions, so it goes
 * the very last.
 */
const changesRecord = (path: string) => path.endsWith('/re-activate-dmc') || path.endsWith('/withdraw-dmc');
const rank = (path: string) => (path.endsWith('/logout') ? 2 : changesRecord(path) ? 1 : 0);
const MATRIX = API_ROUTES.filter((declaration) => !declaration.demoOnly).sort(
  (a, b) => rank(a.path) - rank(b.path),
);
const routeKey = (method: string, url: string) => `${method} ${url}`;

/** The server's entry for a declared route (its access rule and ids as the guard holds them). */
function servedRoute(declaration: { method: string; path: string }): RouteInfo {
  const key = routeKey(declaration.method, declaration.path);
  const route = portal.app.routeTable.find((candidate) => routeKey(candidate.method, candidate.url) === key);
  if (!route) throw new Error(`${key} is declared but not served`);
  return route;
}

describe('access matrix over HTTP: each route with every identity', () => {
  let cases = 0;
  let failed = 0;
  afterAll(() => {
    figure('access.cases', cases);
    figure('access.leaks', failed);
  });

  it('the server serves exactly the declared routes the matrix calls', () => {
    const served = portal.app.routeTable.map((route) => routeKey(route.method, route.url)).sort();
    expect(served).toEqual(
      MATRIX.map((declaration) => routeKey(declaration.method, declaration.path)).sort(),
    );
  });

  // One case per route: refused outside the rules, never an answer for another scope's id, never a
  // medical field to a correspondant, and the security headers on every reply.
  for (const declaration of MATRIX) {
    it(`${declaration.method} ${declaration.path}`, async () => {
      const route = servedRoute(declaration);
      const failures: string[] = [];
      for (const identity of identities) {
        let url = route.url;
        for (const [name, kind] of Object.entries(route.ids)) {
          url = url.replace(`:${name}`, String(await foreignId(portal, identity, kind, name)));
        }
        const reply = await portal.http({
          method: route.method,
          url,
          headers: identity.signed ? { authorization: `Bearer ${identity.access}` } : {},
          ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { payload: {} }),
        });
        cases++;
        const label = `as ${identity.name}: ${reply.statusCode}`;
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
        if (identity.correspondantId !== null) {
          const medical = [...keysOf(jsonOf(reply))].filter((key) => MEDICAL_FIELDS.has(key));
          if (medical.length > 0) failures.push(`${label}: medical fields ${medical.join(', ')}`);
        }
      }
      failed += failures.length;
      expect(failures).toEqual([]);
    });
  }
});

describe('access over HTTP: own scope, query strings, replies outside the route table', () => {
  it('answers correspondants with data of their own scope and never with a medical field', async () => {
    const reads = portal.app.routeTable.filter(
      (route) => route.method === 'GET' && route.access !== 'permit' && !route.url.endsWith('/logout'),
    );
    // The matrix signed everyone out (logout goes last): sign in again.
    identities = await signInIdentities(portal);
    const failures: string[] = [];
    let answered = 0;
    for (const identity of identities.filter((candidate) => candidate.correspondantId !== null)) {
      for (const route of reads) {
        let url = route.url;
        for (const [name, kind] of Object.entries(route.ids)) {
          url = url.replace(`:${name}`, String(await ownId(identity, kind, name)));
        }
        const reply = await portal.http({ url, headers: { authorization: `Bearer ${identity.access}` } });
        if (reply.statusCode >= 500) failures.push(`${route.url} as ${identity.name}: ${reply.statusCode}`);
        if (reply.statusCode === 200) answered++;
        const medical = [...keysOf(jsonOf(reply))].filter((key) => MEDICAL_FIELDS.has(key));
        if (medical.length > 0) failures.push(`${route.url} as ${identity.name}: ${medical.join(', ')}`);
      }
    }
    figure('access.correspondantReads', answered);
    expect(failures).toEqual([]);
    // The scope's own data did answer: the search looked at real replies, not refusals.
    expect(answered).toBeGreaterThan(reads.length);
  });

  it('sends the security headers on replies outside the route table too: unknown paths, the API documentation, the web app, malformed URLs', async () => {
    const failures: string[] = [];
    const paths = [
      '/',
      '/login',
      '/no/such/page',
      '/api/no-such-route',
      '/api/docs/',
      '/api/docs/json',
      '/assets/x.js',
      // Fastify answers these itself, before any hook: its frameworkErrors reply carries the headers too.
      '/%ff',
      '/api/%ff',
      '/api/adherents/%E0%A4%A',
    ];
    for (const path of paths) {
      const reply = await portal.http({ url: path });
      const missing = missingSecurityHeaders(reply.headers, path.startsWith('/api/'));
      if (missing.length > 0) failures.push(`${path} ${reply.statusCode}: ${missing.join(', ')}`);
    }
    figure('access.otherReplies', paths.length);
    expect(failures).toEqual([]);
  });
});

describe('an id of another scope in a query string answers exactly as an id that does not exist', () => {
  let spec: OpenApiPaths;
  let cases = 0;
  beforeAll(async () => {
    spec = portal.app.swagger() as unknown as OpenApiPaths;
    identities = await signInIdentities(portal);
  });
  afterAll(() => figure('access.queryIdCases', cases));

  for (const declaration of MATRIX.filter((candidate) => !candidate.path.endsWith('/logout'))) {
    it(`${declaration.method} ${declaration.path}`, async () => {
      const route = servedRoute(declaration);
      const queryIds = queryIdsOf(spec, route);
      const failures: string[] = [];
      for (const identity of identities) {
        let path = route.url;
        for (const [name, kind] of Object.entries(route.ids))
          path = path.replace(`:${name}`, String(await foreignId(portal, identity, kind, name)));
        for (const [name, kind] of Object.entries(queryIds)) {
          const ask = (id: number | string) =>
            portal.http({
              method: route.method,
              url: `${path}?${name}=${id}`,
              headers: identity.signed ? { authorization: `Bearer ${identity.access}` } : {},
              ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { payload: {} }),
            });
          const foreign = await ask(await foreignId(portal, identity, kind, name));
          const unknown = await ask(UNKNOWN_ID);
          cases++;
          const label = `?${name}=<another scope's> as ${identity.name}`;
          if (foreign.statusCode >= 500) failures.push(`${label}: ${foreign.statusCode}`);
          else if (foreign.statusCode !== unknown.statusCode || foreign.body !== unknown.body)
            failures.push(
              `${label}: ${foreign.statusCode} ${foreign.body.slice(0, 200)}, unknown id ${unknown.statusCode}`,
            );
        }
      }
      expect(failures).toEqual([]);
    });
  }

  it('found such parameters: the contract has them (idParticipant, idEtablissement)', () => {
    expect(cases).toBeGreaterThan(identities.length);
  });
});

/** What a selection's reply says, with the id it was sent in place of `{id}` (a workbook: its rows). */
async function selectionAnswer(reply: HttpReply, id: number): Promise<string> {
  if (reply.headers['content-type']?.includes('spreadsheetml')) {
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(reply.bytes.buffer as ArrayBuffer);
    const rows: unknown[] = [];
    workbook.worksheets[0]?.eachRow((row) => {
      rows.push(row.values);
    });
    return `${reply.statusCode} ${JSON.stringify(rows)}`;
  }
  return `${reply.statusCode} ${reply.body.replaceAll(`"id":${id}`, '"id":{id}')}`;
}

describe("another scope's ids in a body's selection answer exactly as ids that do not exist, and are never touched", () => {
  let spec: BodySpec;
  let cases = 0;
  const foreignParticipants = new Set<number>();
  beforeAll(async () => {
    spec = portal.app.swagger() as unknown as BodySpec;
    identities = await signInIdentities(portal);
  });
  afterAll(() => figure('access.bodyIdCases', cases));
  const routes = () => portal.app.routeTable.filter((route) => takesSelection(spec, route.method, route.url));

  it('finds the routes taking a selection, each known to the matrix', () => {
    const found = routes().map((route) => routeKey(route.method, route.url));
    expect(found.sort()).toEqual(Object.keys(SELECTION_ROUTE_FIELDS).sort());
  });

  for (const key of Object.keys(SELECTION_ROUTE_FIELDS)) {
    it(key, async () => {
      const [method = '', url = ''] = key.split(' ');
      const failures: string[] = [];
      const before = await portal.database.db.select().from(participants);
      for (const identity of identities) {
        for (const { kind, parameter, selection } of SELECTIONS) {
          const ask = (id: number) =>
            portal.http({
              method,
              url,
              headers: identity.signed ? { authorization: `Bearer ${identity.access}` } : {},
              payload: { ...SELECTION_ROUTE_FIELDS[key], selection: selection(id) },
            });
          const foreign = Number(await foreignId(portal, identity, kind, parameter));
          if (kind === 'participant') foreignParticipants.add(foreign);
          const foreignReply = await ask(foreign);
          const unknownReply = await ask(UNKNOWN_ID);
          cases++;
          const label = `${parameter}=<another scope's> as ${identity.name}`;
          if (foreignReply.statusCode >= 500) failures.push(`${label}: ${foreignReply.statusCode}`);
          const [seen, expected] = [
            await selectionAnswer(foreignReply, foreign),
            await selectionAnswer(unknownReply, UNKNOWN_ID),
          ];
          if (seen !== expected)
            failures.push(`${label}: ${seen.slice(0, 300)}, unknown id ${expected.slice(0, 300)}`);
        }
      }
      // Nobody outside the callers' scopes was changed (a bulk terminate of their ids wrote nothing).
      const ids = [...foreignParticipants];
      const after = await portal.database.db.select().from(participants).where(inArray(participants.id, ids));
      expect(after).toEqual(
        before.filter((row) => foreignParticipants.has(row.id)).sort((a, b) => a.id - b.id),
      );
      expect(failures).toEqual([]);
    });
  }
});

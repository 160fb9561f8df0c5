import type { Resource } from '@medplum/fhirtypes';
import { checkAgainstDefinitions } from './fhir-definitions';
import { FhirError, type Issue, invalid } from './fhir-outcome';
import { type FhirContext, type FhirResourceHandler, newTransactionFacts } from './fhir-resource';

/**
 * The write interactions of the integration API (create, update, conditional create and update), the
 * same for every resource type: body checks, If-Match, the search a conditional write makes, and the
 * database transaction each write runs in. A transaction Bundle (transaction-bundle.ts) runs the same
 * steps for each of its entries inside one database transaction.
 */

/** What a write did: the stored resource and whether it is new. */
export interface WriteOutcome {
  resource: Resource;
  created: boolean;
}

/** An object that is a resource of `type`, checked against the official R4 definitions (400 otherwise). */
export function resourceBody(body: unknown, type: string, at = type): Resource {
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    throw invalid(`The body must be a ${type} resource`, at, 'structure');
  const resourceType = (body as { resourceType?: unknown }).resourceType;
  if (resourceType !== type)
    throw invalid(
      `The body is a ${typeof resourceType === 'string' ? resourceType : 'value without resourceType'}, not a ${type}`,
      `${at}.resourceType`,
      'structure',
    );
  const issues = checkAgainstDefinitions(body as Resource);
  if (issues.length > 0)
    throw new FhirError(
      400,
      issues.map((issue) => relocate(issue, type, at)),
    );
  return body as Resource;
}

/** An issue found on a resource of `type`, its paths moved under `at` (a Bundle entry's resource). */
export function relocate(issue: Issue, type: string, at: string): Issue {
  if (at === type || !issue.expression) return issue;
  return {
    ...issue,
    expression: issue.expression.map((path) =>
      path === type || path.startsWith(`${type}.`) ? `${at}${path.slice(type.length)}` : `${at}.${path}`,
    ),
  };
}

/**
 * The version an `If-Match` header names (`W/"3"`, `"3"`), or null without one. FHIR servers compare
 * versionIds, so a weak validator is as good as a strong one here.
 */
export function expectedVersion(header: string | undefined, at = 'If-Match'): number | null {
  if (header === undefined || header.trim() === '') return null;
  const match = /^(?:W\/)?"?(\d{1,9})"?$/.exec(header.trim());
  if (!match) throw invalid(`${at} must name a version, as W/"3"`, at, 'value');
  return Number(match[1]);
}

/** A resource id in a body that must agree with the URL's (FHIR update: 400 when missing or different). */
function checkBodyId(resource: Resource, id: string, at: string): void {
  if (resource.id === undefined)
    throw invalid(`The resource must carry its id (${id})`, `${at}.id`, 'required');
  if (resource.id !== id) throw invalid(`The resource's id ${resource.id} is not ${id}`, `${at}.id`, 'value');
}

/** The query of a conditional write: at least one criterion, none of the paging controls. */
export function conditionalCriteria(query: string, at: string): URLSearchParams {
  const params = new URLSearchParams(query);
  for (const control of ['_count', '_offset', '_sort', '_total', '_format']) params.delete(control);
  if ([...params.keys()].length === 0)
    throw invalid('A conditional write needs search criteria (identifier=system|value)', at, 'required');
  return params;
}

/** The ids of the resources matching a conditional write's criteria (at most two are asked for). */
async function matches(ctx: FhirContext, handler: FhirResourceHandler, criteria: URLSearchParams) {
  if (!handler.search)
    throw invalid(`${handler.type} cannot be written conditionally`, undefined, 'not-supported');
  const found = handler.match
    ? await handler.match(ctx, criteria).then((ids) => ({ ids, total: ids.length }))
    : await handler
        .search(ctx, criteria, { count: 2, offset: 0 })
        .then(({ resources, total }) => ({ ids: resources.map((resource) => resource.id ?? ''), total }));
  if (found.total > 1 || found.ids.length > 1)
    throw new FhirError(412, [
      {
        code: 'duplicate',
        diagnostics: `The criteria match more than one ${handler.type} resource: they must name one`,
      },
    ]);
  return found.ids[0] ?? null;
}

/**
 * A conditional update by `identifier=system|value` writes a resource that carries exactly that
 * identifier of that system: otherwise a repeat would not find what the first call wrote (the write
 * would not be idempotent), or one number would stand for two resources.
 */
export function checkNamedIdentifier(resource: Resource, criteria: URLSearchParams, at: string): void {
  const named = criteria.get('identifier');
  if (named === null || !named.includes('|')) return;
  const [system, value] = named.split('|', 2) as [string, string];
  const held = ((resource as { identifier?: { system?: string; value?: string }[] }).identifier ?? []).filter(
    (identifier) => identifier.system === system,
  );
  if (held.length !== 1 || held[0]?.value !== value)
    throw new FhirError(422, [
      {
        code: 'business-rule',
        diagnostics: `The resource must carry the identifier its URL names (${system}|${value}), once`,
        expression: [`${at}.identifier`],
      },
    ]);
}

export interface WriteRequest {
  handler: FhirResourceHandler;
  resource: Resource;
  /** The id of an update (PUT Type/id). */
  id?: string;
  /** The criteria of a conditional update (PUT Type?…) or create (If-None-Exist). */
  criteria?: URLSearchParams;
  /** PUT or POST. */
  method: 'PUT' | 'POST';
  ifMatch: number | null;
  /** Where the resource sits in the request, for the issues' paths (`Patient`, `Bundle.entry[3].resource`). */
  at: string;
}

/**
 * One write inside the caller's transaction (`ctx.db`): create, update by id, conditional update
 * (no match: create; one: update it; several: 412) or conditional create (a match: nothing written,
 * the match answered).
 */
export async function writeOne(ctx: FhirContext, request: WriteRequest): Promise<WriteOutcome> {
  const { handler, resource, at } = request;
  // A row a match locked serves the update of this write only: an earlier entry of a Bundle may have
  // matched a row that another entry has changed since.
  ctx.facts?.lockedParticipants.clear();
  const { create, update } = handler;
  if (request.method === 'POST') {
    if (!create) throw invalid(`${handler.type} cannot be created`, at, 'not-supported');
    if (request.criteria) {
      const existing = await matches(ctx, handler, request.criteria);
      const found = existing === null ? null : await handler.read?.(ctx, existing);
      if (found) return { resource: found, created: false };
    }
    const { id: _ignored, meta: _meta, ...fresh } = resource;
    return { resource: await create(ctx, fresh as Resource), created: true };
  }
  if (!update) throw invalid(`${handler.type} cannot be updated`, at, 'not-supported');
  if (request.criteria) checkNamedIdentifier(resource, request.criteria, at);
  let id = request.id ?? null;
  if (id === null && request.criteria) {
    id = await matches(ctx, handler, request.criteria);
    if (id === null) {
      if (request.ifMatch !== null)
        throw new FhirError(412, [{ code: 'conflict', diagnostics: 'If-Match names a version of nothing' }]);
      if (!create) throw invalid(`${handler.type} cannot be created`, at, 'not-supported');
      if (resource.id !== undefined)
        throw invalid('A conditional update that creates takes no id', `${at}.id`, 'value');
      return { resource: await create(ctx, resource), created: true };
    }
    if (resource.id !== undefined) checkBodyId(resource, id, at);
  } else if (id !== null) {
    checkBodyId(resource, id, at);
  }
  if (id === null) throw invalid('An update names its resource by id or by criteria', at, 'required');
  const updated = await update(ctx, id, { ...resource, id }, request.ifMatch);
  if (!updated)
    throw new FhirError(404, [
      {
        code: 'not-found',
        diagnostics: `${handler.type}/${id} is not known (this server does not create by update with an id: use POST or a conditional update)`,
      },
    ]);
  return { resource: updated, created: false };
}

/**
 * Whether a stored row already holds every column a write would set (undefined: not set by it): a
 * resource sent again as stored writes nothing, so no new version and no entry in the change feed.
 */
export function holdsAlready<T extends object>(values: Partial<T>, current: T): boolean {
  return (Object.keys(values) as (keyof T)[]).every(
    (key) => values[key] === undefined || sameValue(values[key], current[key]),
  );
}

/**
 * A value to write and a stored one are the same: equal, or both present and written alike (a date
 * as text and as Date, a number and its text). Null is only the same as null (not the text "null").
 */
function sameValue(written: unknown, stored: unknown): boolean {
  if (written === stored) return true;
  if (written === null || stored === null || written === undefined || stored === undefined) return false;
  return String(written) === String(stored);
}

/**
 * The values of a write that differ from the stored row (undefined: not set by it): the UPDATE names
 * only those, which is cheaper to build and to send than the whole row.
 */
export function changedValues<T extends object>(values: Partial<T>, current: T): Partial<T> {
  const changed: Partial<T> = {};
  for (const key of Object.keys(values) as (keyof T)[])
    if (values[key] !== undefined && !sameValue(values[key], current[key])) changed[key] = values[key];
  return changed;
}

/** PostgreSQL's unique_violation, through drizzle's wrapping. */
function isUniqueViolation(error: unknown): boolean {
  for (let cause = error; typeof cause === 'object' && cause !== null; ) {
    if ((cause as { code?: unknown }).code === '23505') return true;
    cause = (cause as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * Runs `work` in one database transaction: a refusal (FhirError) or any failure rolls everything back.
 * Two conditional writes of the same new identifier racing each other both find nothing and both
 * create: the unique index lets one through and the other, tried once more, then finds it and updates.
 */
export async function inTransaction<T>(ctx: FhirContext, work: (tx: FhirContext) => Promise<T>): Promise<T> {
  let tasks: (() => Promise<void>)[] = [];
  const run = async () => {
    tasks = [];
    const result = await ctx.db.transaction(async (tx) =>
      work({ ...ctx, db: tx, afterCommit: (task) => tasks.push(task), facts: newTransactionFacts() }),
    );
    for (const task of tasks)
      await task().catch((error: unknown) => ctx.log.error({ err: error }, 'FHIR after-commit task failed'));
    return result;
  };
  try {
    return await run();
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    try {
      return await run();
    } catch (again) {
      if (!isUniqueViolation(again)) throw again;
      throw new FhirError(409, [
        { code: 'duplicate', diagnostics: 'Another resource already holds this identifier' },
      ]);
    }
  }
}

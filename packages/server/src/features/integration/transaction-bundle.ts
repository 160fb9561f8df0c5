import type { Bundle, BundleEntry, Patient, Resource } from '@medplum/fhirtypes';
import { inArray } from 'drizzle-orm';
import { participants } from '../../db/schema';
import { FhirError, type Issue, invalid } from './fhir-outcome';
import { codeBook, type FhirContext, type FhirResourceHandler } from './fhir-resource';
import {
  checkNamedIdentifier,
  conditionalCriteria,
  expectedVersion,
  inTransaction,
  relocate,
  resourceBody,
  type WriteOutcome,
  type WriteRequest,
  writeOne,
} from './fhir-writes';
import { participantToPatient } from './patient.resource';
import { storePatientBatch } from './patient-bulk';
import { type FhirInteraction, scopeAllows } from './smart-scopes';

/**
 * POST /fhir/R4 with a Bundle of type `transaction` (FHIR R4 "transaction"): every entry is checked
 * before anything is written, then all are written in one database transaction — all or nothing. An
 * entry refers to another of the same Bundle by its `fullUrl` (`urn:uuid:…`); entries are written in an
 * order where what is referred to comes first (an establishment before its participants, a Binary before
 * the DocumentReference that points at it), and the references are rewritten to the ids given.
 */

/** Entries one Bundle may hold (a 1,000-entry bundle is the initial load's unit; see the README). */
export const MAX_TRANSACTION_ENTRIES = 5000;

const URN = /^urn:uuid:[0-9a-fA-F-]{36}$/;

interface PlannedEntry {
  index: number;
  fullUrl: string | null;
  request: WriteRequest;
  interaction: FhirInteraction;
}

/** Every `reference` string within a resource, with a function that rewrites it. */
function* references(node: unknown): Generator<{ value: string; set: (next: string) => void }> {
  if (Array.isArray(node)) {
    for (const item of node) yield* references(item);
    return;
  }
  if (typeof node !== 'object' || node === null) return;
  const record = node as Record<string, unknown>;
  for (const [key, value] of Object.entries(record)) {
    if (key === 'reference' && typeof value === 'string')
      yield {
        value,
        set: (next) => {
          record[key] = next;
        },
      };
    else if (key === 'url' && typeof value === 'string' && URN.test(value))
      // An attachment's url (DocumentReference.content.attachment.url) may name a Binary of the Bundle.
      yield {
        value,
        set: (next) => {
          record[key] = next;
        },
      };
    else yield* references(value);
  }
}

function planEntry(
  entry: BundleEntry,
  index: number,
  handlers: ReadonlyMap<string, FhirResourceHandler>,
  scopes: readonly string[],
): PlannedEntry {
  const at = `Bundle.entry[${index}]`;
  const method = entry.request?.method;
  const url = entry.request?.url;
  if (!method || !url)
    throw invalid('Each entry needs request.method and request.url', `${at}.request`, 'required');
  if (method !== 'POST' && method !== 'PUT')
    throw invalid(
      `${method} is not supported in a transaction (POST and PUT are)`,
      `${at}.request.method`,
      'not-supported',
    );
  const [path = '', query] = url.split('?', 2) as [string, string | undefined];
  const [type = '', id, ...rest] = path.replace(/^\//, '').split('/');
  const handler = handlers.get(type);
  if (!handler || rest.length > 0 || (method === 'POST' && id !== undefined))
    throw invalid(
      `${method} ${url} is not an interaction of this server`,
      `${at}.request.url`,
      'not-supported',
    );
  const interaction: FhirInteraction = method === 'POST' ? 'create' : 'update';
  if (!scopeAllows(scopes, type, interaction))
    throw new FhirError(403, [
      {
        code: 'forbidden',
        diagnostics: `The token's scopes do not allow ${interaction} on ${type}`,
        expression: [`${at}.request`],
      },
    ]);
  const resource = resourceBody(entry.resource, type, `${at}.resource`);
  const fullUrl = entry.fullUrl ?? null;
  if (fullUrl !== null && !URN.test(fullUrl) && method === 'POST')
    throw invalid('A created entry is named by a urn:uuid fullUrl', `${at}.fullUrl`, 'value');
  let criteria: URLSearchParams | undefined;
  if (method === 'POST' && entry.request?.ifNoneExist)
    criteria = conditionalCriteria(entry.request.ifNoneExist, `${at}.request.ifNoneExist`);
  if (method === 'PUT' && id === undefined) criteria = conditionalCriteria(query ?? '', `${at}.request.url`);
  if (method === 'PUT' && id !== undefined && query)
    throw invalid(
      'An update names its resource by id or by criteria, not both',
      `${at}.request.url`,
      'value',
    );
  return {
    index,
    fullUrl,
    interaction,
    request: {
      handler,
      resource,
      method,
      ...(id !== undefined ? { id } : {}),
      ...(criteria ? { criteria } : {}),
      ifMatch: expectedVersion(entry.request?.ifMatch, `${at}.request.ifMatch`),
      at: `${at}.resource`,
    },
  };
}

/**
 * The entries in an order where every urn:uuid an entry refers to is written before it (a cycle, or a
 * reference to a urn no entry names, is refused before anything is written).
 */
function writingOrder(entries: readonly PlannedEntry[]): PlannedEntry[] {
  const byUrn = new Map<string, PlannedEntry>();
  for (const entry of entries) {
    if (entry.fullUrl === null || !URN.test(entry.fullUrl)) continue;
    if (byUrn.has(entry.fullUrl))
      throw invalid(`${entry.fullUrl} names two entries`, `Bundle.entry[${entry.index}].fullUrl`, 'value');
    byUrn.set(entry.fullUrl, entry);
  }
  const ordered: PlannedEntry[] = [];
  const state = new Map<PlannedEntry, 'visiting' | 'done'>();
  const visit = (entry: PlannedEntry) => {
    const seen = state.get(entry);
    if (seen === 'done') return;
    if (seen === 'visiting')
      throw invalid('The entries refer to each other in a cycle', `Bundle.entry[${entry.index}]`, 'value');
    state.set(entry, 'visiting');
    for (const reference of references(entry.request.resource)) {
      if (!reference.value.startsWith('urn:uuid:')) continue;
      const target = byUrn.get(reference.value);
      if (!target)
        throw invalid(
          `${reference.value} is not the fullUrl of an entry of this Bundle`,
          `Bundle.entry[${entry.index}].resource`,
          'value',
        );
      visit(target);
    }
    state.set(entry, 'done');
    ordered.push(entry);
  };
  for (const entry of entries) visit(entry);
  return ordered;
}

/** Each entry's place in the request, checked (400/403 for the first entry at fault) before any write. */
export function planTransaction(
  body: unknown,
  handlers: ReadonlyMap<string, FhirResourceHandler>,
  scopes: readonly string[],
): PlannedEntry[] {
  if (typeof body !== 'object' || body === null || (body as Resource).resourceType !== 'Bundle')
    throw invalid('The body must be a Bundle', 'Bundle', 'structure');
  // The Bundle's own elements are checked here, each entry's resource below (once, with its path).
  const shell = body as Bundle;
  if (shell.entry !== undefined && !Array.isArray(shell.entry))
    throw invalid('Bundle.entry must be a list', 'Bundle.entry', 'structure');
  if (
    (shell.entry ?? []).some((entry) => typeof entry !== 'object' || entry === null || Array.isArray(entry))
  )
    throw invalid('Each entry must be an object', 'Bundle.entry', 'structure');
  resourceBody({ ...shell, entry: (shell.entry ?? []).map(({ resource: _r, ...rest }) => rest) }, 'Bundle');
  const bundle = shell;
  if (bundle.type !== 'transaction')
    throw invalid(
      `A Bundle of type ${bundle.type} is not processed here (transaction is)`,
      'Bundle.type',
      'not-supported',
    );
  const entries = bundle.entry ?? [];
  if (entries.length > MAX_TRANSACTION_ENTRIES)
    throw new FhirError(413, [
      { code: 'too-costly', diagnostics: `A transaction holds at most ${MAX_TRANSACTION_ENTRIES} entries` },
    ]);
  const planned: PlannedEntry[] = [];
  const issues: Issue[] = [];
  for (const [index, entry] of entries.entries()) {
    try {
      planned.push(planEntry(entry, index, handlers, scopes));
    } catch (error) {
      if (!(error instanceof FhirError) || error.statusCode !== 400) throw error;
      issues.push(...error.issues);
      if (issues.length >= 100) break;
    }
  }
  if (issues.length > 0) throw new FhirError(400, issues);
  return writingOrder(planned);
}

/** Fewer entries than this gain nothing from being written together. */
const RUN_MIN = 10;

/** The centre number a `PUT Patient?identifier=<centre system>|value` entry names, else null. */
function centreNumber(entry: PlannedEntry, centreSystem: string): string | null {
  const { request } = entry;
  if (request.handler.type !== 'Patient' || request.method !== 'PUT' || request.ifMatch !== null) return null;
  if (request.id !== undefined || !request.criteria || request.resource.id !== undefined) return null;
  const names = [...request.criteria.keys()];
  const identifier = request.criteria.get('identifier') ?? '';
  if (names.length !== 1 || !identifier.startsWith(`${centreSystem}|`)) return null;
  const value = identifier.slice(centreSystem.length + 1);
  return value === '' ? null : value;
}

/**
 * The runs, in writing order, of entries that follow each other and are conditional updates of Patients
 * by the centre's number, none referring to a urn:uuid of the Bundle (an entry written before them would
 * have to be resolved first); only runs of RUN_MIN entries or more.
 */
function patientRuns(planned: readonly PlannedEntry[], centreSystem: string): PlannedEntry[][] {
  const runs: PlannedEntry[][] = [];
  let run: PlannedEntry[] = [];
  const close = () => {
    if (run.length >= RUN_MIN) runs.push(run);
    run = [];
  };
  for (const entry of planned) {
    const plain =
      centreNumber(entry, centreSystem) !== null &&
      ![...references(entry.request.resource)].some((reference) => reference.value.startsWith('urn:uuid:'));
    if (plain) run.push(entry);
    else close();
  }
  close();
  return runs;
}

/** A run written set-wise: each entry with its outcome, or nothing when the run must go one by one. */
async function writePatientRun(
  ctx: FhirContext,
  run: readonly PlannedEntry[],
  centreSystem: string,
): Promise<Map<PlannedEntry, WriteOutcome>> {
  for (const entry of run)
    if (entry.request.criteria)
      checkNamedIdentifier(entry.request.resource, entry.request.criteria, entry.request.at);
  const lines = run.map((entry) => ({
    patient: entry.request.resource as Patient,
    centreId: centreNumber(entry, centreSystem) ?? '',
    at: entry.request.at,
  }));
  const outcomes = await storePatientBatch(ctx, lines);
  const written = new Map<PlannedEntry, WriteOutcome>();
  if (!outcomes) return written;
  // The batch answers the rows it holds; any other is read once.
  const missing = outcomes.filter((outcome) => !outcome.row).map((outcome) => outcome.id);
  const read =
    missing.length === 0
      ? []
      : await ctx.db.select().from(participants).where(inArray(participants.id, missing));
  const byId = new Map(read.map((row) => [row.id, row]));
  const book = await codeBook(ctx);
  for (const [index, entry] of run.entries()) {
    const outcome = outcomes[index];
    const row = outcome && (outcome.row ?? byId.get(outcome.id));
    if (!outcome || !row) throw new Error('a participant written together was not read back');
    written.set(entry, {
      resource: participantToPatient(row, book, centreSystem),
      created: outcome.outcome === 'created',
    });
  }
  return written;
}

/**
 * Writes the planned entries in one database transaction and answers the `transaction-response`
 * Bundle, its entries in the request's order. A refusal of any entry (its issues' paths under
 * `Bundle.entry[n]`) undoes every write.
 */
export async function runTransaction(
  ctx: FhirContext,
  planned: readonly PlannedEntry[],
  count: number,
): Promise<Bundle> {
  const responses = await inTransaction(ctx, async (tx) => {
    const done = new Map<string, string>();
    const answers: BundleEntry[] = new Array(count);
    const resolve = (entry: PlannedEntry) => {
      for (const reference of references(entry.request.resource)) {
        const resolved = done.get(reference.value);
        if (resolved) reference.set(resolved);
      }
    };
    // Runs of conditional updates of Patients by the centre's number are written set-wise, as the
    // initial load writes them (patient-bulk.ts); the rest, and a run that falls back, one by one.
    // Each run is written when its first entry's turn comes, so that what precedes it is written first.
    const together = new Map<PlannedEntry, WriteOutcome>();
    const written = new Map<string, number>();
    const centreSystem = ctx.config.centreIdSystems.patient;
    const runs = new Map(patientRuns(planned, centreSystem).map((run) => [run[0], run]));
    for (const entry of planned) {
      const run = runs.get(entry);
      if (run)
        for (const [member, outcome] of await writePatientRun(tx, run, centreSystem))
          together.set(member, outcome);
      let outcome = together.get(entry);
      if (!outcome) {
        resolve(entry);
        try {
          outcome = await writeOne(tx, entry.request);
        } catch (error) {
          if (!(error instanceof FhirError)) throw error;
          const type = entry.request.handler.type;
          const place = `Bundle.entry[${entry.index}]`;
          throw new FhirError(
            error.statusCode,
            error.issues.map((issue) =>
              issue.expression ? relocate(issue, type, entry.request.at) : { ...issue, expression: [place] },
            ),
            error.headers,
          );
        }
      }
      const { resource, created } = outcome;
      const location = `${resource.resourceType}/${resource.id}`;
      // FHIR R4 (3.1.0.11.2): a transaction whose entries resolve to one resource twice fails.
      if (written.has(location))
        throw new FhirError(400, [
          {
            code: 'duplicate',
            diagnostics: `${location} is written by two entries of this transaction (the other is entry ${written.get(location)})`,
            expression: [`Bundle.entry[${entry.index}]`],
          },
        ]);
      written.set(location, entry.index);
      if (entry.fullUrl !== null && URN.test(entry.fullUrl)) done.set(entry.fullUrl, location);
      const version = resource.meta?.versionId;
      answers[entry.index] = {
        fullUrl: `${ctx.baseUrl}/${location}`,
        resource,
        response: {
          status: created ? '201 Created' : '200 OK',
          location: version ? `${location}/_history/${version}` : location,
          ...(version ? { etag: `W/"${version}"` } : {}),
          ...(resource.meta?.lastUpdated ? { lastModified: resource.meta.lastUpdated } : {}),
        },
      };
    }
    return answers;
  });
  return { resourceType: 'Bundle', type: 'transaction-response', entry: responses };
}

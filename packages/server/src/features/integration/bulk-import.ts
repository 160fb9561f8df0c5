import type { Identifier, OperationOutcome, Patient, Resource } from '@medplum/fhirtypes';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../db/rows';
import { FhirError, type Issue, invalid, operationOutcome } from './fhir-outcome';
import type { FhirContext, FhirResourceHandler } from './fhir-resource';
import { inTransaction, resourceBody, writeOne } from './fhir-writes';
import { type BulkPatient, storePatientBatch } from './patient-bulk';

/**
 * The initial load (README "Integration API: initial load"): an NDJSON file, one Organization or
 * Patient a line, written in batches. Each line is a conditional update by the centre's own
 * identifier (`PUT Type?identifier=system|value`, the API's writeOne with its handlers and rules), so a
 * second run finds every resource and changes nothing. A batch is one database transaction: one line
 * refused refuses its whole batch, and the report names every refused line with its OperationOutcome.
 * A line refers to an organisation of the file by the centre's identifier
 * (`"managingOrganization": {"reference": "Organization?identifier=system|value"}`, FHIR's conditional
 * reference), since the back office does not know the portal's ids before the load.
 */

export interface ImportOptions {
  /** Lines per transaction. */
  batchSize: number;
  /** Batches of participants written at once, each on its own connection (1 when absent). */
  parallel?: number;
  /** Called after each batch with the report so far (the command prints progress). */
  progress?: (report: ImportReport) => void;
}

export interface LineRefusal {
  line: number;
  status: number;
  outcome: OperationOutcome;
}

export interface ImportReport {
  lines: number;
  created: number;
  updated: number;
  /** Lines matching a resource that already held exactly that content: nothing written. */
  unchanged: number;
  refused: LineRefusal[];
  /** Lines of refused batches that were not themselves at fault, so not written either. */
  notWritten: number;
}

interface ParsedLine {
  line: number;
  handler: FhirResourceHandler;
  resource: Resource;
  criteria: URLSearchParams;
  /** The centre's number of the resource, its conditional update's identifier value. */
  centreId: string;
}

type Outcome = 'created' | 'updated' | 'unchanged';

const CONDITIONAL_REFERENCE = /^(Organization|Patient)\?(.+)$/;

/** A line of the file as a write: the resource checked against the R4 definitions, and its criteria. */
function parseLine(
  text: string,
  line: number,
  handlers: ReadonlyMap<string, FhirResourceHandler>,
  systems: Readonly<Record<string, string>>,
): ParsedLine {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw invalid('The line is not a JSON resource', undefined, 'structure');
  }
  const type = (body as { resourceType?: unknown } | null)?.resourceType;
  const handler = typeof type === 'string' ? handlers.get(type) : undefined;
  const system = typeof type === 'string' ? systems[type] : undefined;
  if (!handler || !system)
    throw invalid(
      `A line holds an Organization or a Patient, not ${typeof type === 'string' ? type : 'this'}`,
      'resourceType',
      'not-supported',
    );
  const resource = resourceBody(body, handler.type);
  if (resource.id !== undefined)
    throw invalid(
      'A line names its resource by the centre’s identifier, never by the portal’s id',
      `${type}.id`,
      'value',
    );
  const identifiers = (resource as { identifier?: Identifier[] }).identifier ?? [];
  const owns = identifiers.filter((identifier) => identifier.system === system);
  if (owns.length > 1)
    throw invalid(
      `The resource carries the centre's identifier (system ${system}) once: it names one resource`,
      `${type}.identifier`,
      'value',
    );
  const own = owns.find((identifier) => identifier.value);
  if (!own?.value)
    throw invalid(
      `The resource needs the centre's identifier (system ${system}): a second run finds it by it`,
      `${type}.identifier`,
      'required',
    );
  return {
    line,
    handler,
    resource,
    criteria: new URLSearchParams({ identifier: `${system}|${own.value}` }),
    centreId: own.value,
  };
}

/** Every `reference` of a resource with its element path and a setter. */
function* referencesIn(
  node: unknown,
  path: string,
): Generator<{ value: string; path: string; set: (next: string) => void }> {
  if (Array.isArray(node)) {
    for (const [index, item] of node.entries()) yield* referencesIn(item, `${path}[${index}]`);
    return;
  }
  if (typeof node !== 'object' || node === null) return;
  const record = node as Record<string, unknown>;
  for (const [key, value] of Object.entries(record)) {
    if (key === 'reference' && typeof value === 'string')
      yield {
        value,
        path: `${path}.reference`,
        set: (next) => {
          record[key] = next;
        },
      };
    else yield* referencesIn(value, `${path}.${key}`);
  }
}

/** A key for a conditional reference, the same however the query is spelled. */
const referenceKey = (type: string, criteria: URLSearchParams) =>
  `${type}?${[...criteria].map(([name, value]) => `${name}=${value}`).join('&')}`;

/**
 * Rewrites `Organization?identifier=…` references to the one resource they name: written earlier in
 * this run (`known`) or found by the type's own search. None or several: a 422 naming the element.
 */
async function resolveReferences(
  ctx: FhirContext,
  parsed: ParsedLine,
  handlers: ReadonlyMap<string, FhirResourceHandler>,
  known: Map<string, string>,
): Promise<void> {
  for (const reference of referencesIn(parsed.resource, parsed.handler.type)) {
    const match = CONDITIONAL_REFERENCE.exec(reference.value);
    if (!match) continue;
    const [, type = '', query = ''] = match;
    const criteria = new URLSearchParams(query);
    const key = referenceKey(type, criteria);
    let target = known.get(key);
    if (target === undefined) {
      const found = await handlers.get(type)?.search?.(ctx, criteria, { count: 2, offset: 0 });
      if (found?.resources.length !== 1)
        throw new FhirError(422, [
          {
            code: 'not-found',
            diagnostics: `${reference.value} names ${found?.resources.length ? 'several resources' : 'nothing'} on the portal or earlier in the file`,
            expression: [reference.path],
          },
        ]);
      target = `${type}/${found.resources[0]?.id}`;
      known.set(key, target);
    }
    reference.set(target);
  }
}

/** Writes one line in the caller's transaction; a resource not written here keeps its old lastUpdated. */
async function writeLine(
  ctx: FhirContext,
  parsed: ParsedLine,
  handlers: ReadonlyMap<string, FhirResourceHandler>,
  known: Map<string, string>,
  startedAt: string,
): Promise<Outcome> {
  // The resolution rewrites references: a second pass over the batch works on a fresh copy.
  const line: ParsedLine = { ...parsed, resource: structuredClone(parsed.resource) };
  await resolveReferences(ctx, line, handlers, known);
  const { resource, created } = await writeOne(ctx, {
    handler: line.handler,
    resource: line.resource,
    criteria: line.criteria,
    method: 'PUT',
    ifMatch: null,
    at: line.handler.type,
  });
  known.set(referenceKey(line.handler.type, line.criteria), `${line.handler.type}/${resource.id}`);
  if (created) return 'created';
  // updated_at is the writing transaction's start (fhir_touch): older means this run wrote nothing.
  return (resource.meta?.lastUpdated ?? '') >= startedAt ? 'updated' : 'unchanged';
}

const refusalOf = (line: number, error: FhirError): LineRefusal => ({
  line,
  status: error.statusCode,
  outcome: operationOutcome(error.issues),
});

/**
 * A batch of Patients only, written set-wise (patient-bulk.ts) once their references are resolved;
 * null when its lines must go one by one (nothing written then).
 */
async function writePatients(
  ctx: FhirContext,
  batch: readonly ParsedLine[],
  handlers: ReadonlyMap<string, FhirResourceHandler>,
  known: Map<string, string>,
): Promise<Outcome[] | null> {
  if (batch.some((line) => line.handler.type !== 'Patient')) return null;
  const lines: BulkPatient[] = [];
  for (const parsed of batch) {
    const line: ParsedLine = { ...parsed, resource: structuredClone(parsed.resource) };
    await resolveReferences(ctx, line, handlers, known);
    lines.push({ patient: line.resource as Patient, centreId: line.centreId });
  }
  const outcomes = await storePatientBatch(ctx, lines);
  if (!outcomes) return null;
  for (const [index, parsed] of batch.entries())
    known.set(referenceKey('Patient', parsed.criteria), `Patient/${outcomes[index]?.id}`);
  return outcomes.map((result) => result.outcome);
}

/** Thrown to roll a batch back once its refusals are known. */
class BatchRefused extends Error {
  constructor(readonly refusals: LineRefusal[]) {
    super('batch refused');
  }
}

/** The transaction's own start, as fhir_touch stamps updated_at (ISO, to the millisecond). */
async function transactionStart(ctx: FhirContext): Promise<string> {
  const [row] = await rowsOf<{ now: Date | string }>(ctx.db, sql`select now() as now`);
  return new Date(row?.now ?? 0).toISOString();
}

/**
 * One batch in one transaction. On the first refusal the batch is rolled back and run once more with a
 * savepoint around each line, to name every refused line (what a line depends on earlier in the batch
 * is still there), then rolled back again: nothing of a refused batch is written.
 */
async function writeBatch(
  ctx: FhirContext,
  batch: readonly ParsedLine[],
  handlers: ReadonlyMap<string, FhirResourceHandler>,
  known: Map<string, string>,
): Promise<Outcome[] | LineRefusal[]> {
  const learnt = new Map(known);
  try {
    const outcomes = await inTransaction(ctx, async (tx) => {
      const together = await writePatients(tx, batch, handlers, learnt);
      if (together) return together;
      const startedAt = await transactionStart(tx);
      const done: Outcome[] = [];
      for (const parsed of batch) done.push(await writeLine(tx, parsed, handlers, learnt, startedAt));
      return done;
    });
    for (const [key, value] of learnt) known.set(key, value);
    return outcomes;
  } catch (error) {
    if (!(error instanceof FhirError)) throw error;
  }
  try {
    await inTransaction(ctx, async (tx) => {
      const refusals: LineRefusal[] = [];
      const local = new Map(known);
      for (const parsed of batch) {
        try {
          await tx.db.transaction(async (savepoint) => {
            await writeLine({ ...tx, db: savepoint }, parsed, handlers, local, '');
          });
        } catch (error) {
          if (!(error instanceof FhirError)) throw error;
          refusals.push(refusalOf(parsed.line, error));
        }
      }
      throw new BatchRefused(refusals);
    });
  } catch (error) {
    if (error instanceof BatchRefused) return error.refusals;
    if (error instanceof FhirError) return [refusalOf(batch[0]?.line ?? 0, error)];
    throw error;
  }
  return [];
}

const isRefusals = (result: Outcome[] | LineRefusal[]): result is LineRefusal[] =>
  result.length > 0 && typeof result[0] === 'object';

/**
 * Reads the file's lines (blank lines skipped, numbered from 1 as an editor shows them) and writes
 * them batch by batch. `ctx` is the command's context, outside any transaction.
 */
export async function importNdjson(
  ctx: FhirContext,
  lines: AsyncIterable<string>,
  handlers: ReadonlyMap<string, FhirResourceHandler>,
  options: ImportOptions,
): Promise<ImportReport> {
  const systems: Record<string, string> = {
    Organization: ctx.config.centreIdSystems.organization,
    Patient: ctx.config.centreIdSystems.patient,
  };
  const report: ImportReport = { lines: 0, created: 0, updated: 0, unchanged: 0, refused: [], notWritten: 0 };
  const known = new Map<string, string>();
  let batch: ParsedLine[] = [];
  let malformed: LineRefusal[] = [];
  let size = 0;
  const inFlight = new Set<Promise<void>>();
  const record = (result: Outcome[] | LineRefusal[], lines: number) => {
    if (isRefusals(result)) {
      report.refused.push(...result);
      report.notWritten += lines - result.length;
    } else {
      for (const outcome of result) report[outcome]++;
    }
    options.progress?.(report);
  };
  const flush = async () => {
    if (size === 0) return;
    const lines = size;
    const work = batch;
    const refused = malformed;
    batch = [];
    malformed = [];
    size = 0;
    if (refused.length > 0) return record(refused, lines);
    // A round trip at a time leaves the database idle most of the time: batches of participants are
    // written side by side on several connections. A batch holding organisations waits for the
    // batches before it and goes alone, so that the participants after it find their establishment.
    const alone = work.some((line) => line.handler.type !== 'Patient');
    if (alone) await Promise.all(inFlight);
    while (inFlight.size >= (options.parallel ?? 1)) await Promise.race(inFlight);
    const running: Promise<void> = writeBatch(ctx, work, handlers, known).then((result) => {
      inFlight.delete(running);
      record(result, lines);
    });
    inFlight.add(running);
    if (alone) await running;
  };
  let number = 0;
  for await (const text of lines) {
    number++;
    if (text.trim() === '') continue;
    report.lines++;
    size++;
    try {
      batch.push(parseLine(text, number, handlers, systems));
    } catch (error) {
      if (!(error instanceof FhirError)) throw error;
      malformed.push(refusalOf(number, error));
    }
    if (size >= options.batchSize) await flush();
  }
  await flush();
  await Promise.all(inFlight);
  report.refused.sort((a, b) => a.line - b.line);
  return report;
}

/** A refusal as one line of the command's report: `line 12: 422 Patient.birthDate: is not a valid date`. */
export function describeRefusal(refusal: LineRefusal): string {
  const issues = refusal.outcome.issue.map((issue: Issue | OperationOutcome['issue'][number]) => {
    const where = issue.expression?.join(', ');
    return `${where ? `${where}: ` : ''}${issue.diagnostics ?? issue.code}`;
  });
  return `line ${refusal.line}: ${refusal.status} ${issues.join('; ')}`;
}

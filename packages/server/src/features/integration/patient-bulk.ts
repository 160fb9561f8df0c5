import type { Patient } from '@medplum/fhirtypes';
import { inArray, sql } from 'drizzle-orm';
import { rowsOf } from '../../db/rows';
import { participants } from '../../db/schema';
import { updateAll } from '../../db/update-all';
import { auditMany } from '../../lib/audit';
import type { ParticipantRecord } from '../participants';
import { FhirError } from './fhir-outcome';
import { codeBook, type FhirContext } from './fhir-resource';
import { holdsAlready, relocate } from './fhir-writes';
import {
  checkPatient,
  createdEntry,
  inviteNewParticipants,
  newIdentity,
  type ParticipantValues,
  preloadEstablishments,
  updatedEntry,
} from './patient-store';

/**
 * A batch of the initial load's Patients written set-wise (README "Integration API: initial load"):
 * each Patient is checked by the very rules of a single write (checkPatient), but the lookups by the
 * centre's identifier, the identity check and the inserts and audit rows are one statement for the
 * whole batch instead of four round trips a line. The statement-level triggers (counters, change feed,
 * page caches) then run once a batch too.
 *
 * It answers null, having written nothing, whenever the batch needs the order of its lines to be
 * settled (a centre number twice, an identity that another line or a stored participant already holds):
 * the caller then writes the batch line by line as a conditional update each, which settles it exactly
 * as the API would. A refusal of the portal's rules throws its FhirError like a single write.
 */

export interface BulkPatient {
  patient: Patient;
  /** The centre's number of the line (its conditional update's identifier value). */
  centreId: string;
  /** Where the Patient sits in the request, for a refusal's paths (`Bundle.entry[3].resource`). */
  at?: string;
}

export type BulkOutcome = {
  outcome: 'created' | 'updated' | 'unchanged';
  id: number;
  /** The stored row, when the batch holds it whole (not for a creation without its account). */
  row?: ParticipantRecord;
};

/** Rows of a multi-row insert: well under PostgreSQL's 65,535 parameters at about 45 columns a row. */
const INSERT_CHUNK = 500;

interface Planned {
  index: number;
  current: ParticipantRecord | null;
  values: ParticipantValues;
}

const ESTABLISHMENT = /^Organization\/etab-([1-9]\d{0,8})$/;

const identityKey = (values: ParticipantValues) =>
  JSON.stringify([values.establishmentId, values.lastName, values.firstName, values.birthDate]);

/** Whether any of these identities is held by an active participant other than the one being written. */
async function anyTwin(ctx: FhirContext, writes: readonly Planned[]): Promise<boolean> {
  const active = writes.filter((write) => newIdentity(write.values, write.current));
  if (active.length === 0) return false;
  const seen = new Set<string>();
  for (const write of active) {
    const key = identityKey(write.values);
    if (seen.has(key)) return true;
    seen.add(key);
  }
  const column = <T>(pick: (write: Planned) => T) => sql.param(active.map(pick));
  const rows = await rowsOf<{ id: number }>(
    ctx.db,
    sql`select p.id from ${participants} p
        join unnest(${column((w) => w.values.establishmentId)}::int[], ${column((w) => w.values.lastName)}::text[],
                    ${column((w) => w.values.firstName)}::text[], ${column((w) => w.values.birthDate)}::date[],
                    ${column((w) => w.current?.id ?? 0)}::int[])
          as t(establishment_id, last_name, first_name, birth_date, own_id)
          on p.establishment_id = t.establishment_id and p.last_name = t.last_name
         and p.first_name = t.first_name and p.birth_date = t.birth_date
       where p.active and p.id <> t.own_id
       limit 1`,
  );
  return rows.length > 0;
}

export async function storePatientBatch(
  ctx: FhirContext,
  lines: readonly BulkPatient[],
): Promise<BulkOutcome[] | null> {
  const numbers = lines.map((line) => line.centreId);
  if (new Set(numbers).size !== numbers.length) return null;
  const stored = await ctx.db
    .select()
    .from(participants)
    .where(inArray(participants.centreId, numbers))
    .for('update');
  const byNumber = new Map(stored.map((row) => [row.centreId, row]));
  const book = await codeBook(ctx);
  await preloadEstablishments(ctx, [
    ...stored.map((row) => row.establishmentId),
    ...lines.flatMap((line) => {
      const named = ESTABLISHMENT.exec(line.patient.managingOrganization?.reference ?? '');
      return named ? [Number(named[1])] : [];
    }),
  ]);
  const outcomes: BulkOutcome[] = new Array(lines.length);
  const writes: Planned[] = [];
  for (const [index, line] of lines.entries()) {
    const current = byNumber.get(line.centreId) ?? null;
    const patient = current ? { ...line.patient, id: String(current.id) } : line.patient;
    let values: ParticipantValues;
    try {
      values = await checkPatient(ctx, patient, current, book);
    } catch (error) {
      const at = line.at;
      if (!(error instanceof FhirError) || at === undefined) throw error;
      throw new FhirError(
        error.statusCode,
        error.issues.map((issue) => relocate(issue, 'Patient', at)),
      );
    }
    if (current && holdsAlready(values, current))
      outcomes[index] = { outcome: 'unchanged', id: current.id, row: current };
    else writes.push({ index, current, values });
  }
  if (await anyTwin(ctx, writes)) return null;
  if (writes.length === 0) return outcomes;

  const changed = writes.flatMap((write) => (write.current ? [{ ...write, current: write.current }] : []));
  if (changed.length > 0) {
    // One statement for the batch; a column a Patient leaves unset (undefined) keeps its stored value.
    await updateAll(
      ctx.db,
      participants,
      'id',
      changed.map(({ current, values }) => {
        const row: Record<string, unknown> = { id: current.id };
        for (const [name, value] of Object.entries(values))
          row[name] = value === undefined ? current[name as keyof ParticipantRecord] : value;
        return row as Partial<ParticipantRecord>;
      }),
    );
    const rows = await ctx.db
      .select()
      .from(participants)
      .where(
        inArray(
          participants.id,
          changed.map(({ current }) => current.id),
        ),
      );
    const byId = new Map(rows.map((row) => [row.id, row]));
    const entries = changed.map(({ current, index }) => {
      const row = byId.get(current.id);
      if (!row) throw new Error('an updated participant was not read back');
      outcomes[index] = { outcome: 'updated', id: row.id, row };
      return updatedEntry(ctx, current, row);
    });
    await auditMany(ctx.db, entries);
  }
  const fresh = writes.filter((write) => !write.current);
  for (let start = 0; start < fresh.length; start += INSERT_CHUNK) {
    const chunk = fresh.slice(start, start + INSERT_CHUNK);
    const insert = ctx.db.insert(participants).values(chunk.map((write) => write.values));
    // Whole rows only when they get an account and its mail; else what the outcome and audit need.
    const rows: (Pick<ParticipantRecord, 'id' | 'centreId' | 'establishmentId'> &
      Partial<ParticipantRecord>)[] =
      ctx.registrationLinks === false
        ? await insert.returning({
            id: participants.id,
            centreId: participants.centreId,
            establishmentId: participants.establishmentId,
          })
        : await insert.returning().then(async (created) => {
            await inviteNewParticipants(ctx, created);
            return created;
          });
    const lineOf = new Map(chunk.map((write) => [write.values.centreId, write.index]));
    for (const row of rows) {
      const index = lineOf.get(row.centreId);
      if (index === undefined) throw new Error('participant insert returned a row of no line');
      outcomes[index] = {
        outcome: 'created',
        id: row.id,
        ...(ctx.registrationLinks === false ? {} : { row: row as ParticipantRecord }),
      };
    }
    await auditMany(
      ctx.db,
      rows.map((row) => createdEntry(ctx, row)),
    );
  }
  ctx.afterCommit(async () => ctx.changes?.announce('participants'));
  return outcomes;
}

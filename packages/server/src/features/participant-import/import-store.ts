import type {
  ImportCellError,
  ImportOutcome,
  ImportRowStatus,
  ImportRunState,
  ImportStatusReply,
} from '@portail/contract/schemas/participant-import';
import type { ParticipantCreate } from '@portail/contract/schemas/participants';
import { and, count, eq, inArray, sql } from 'drizzle-orm';
import type { Caller } from '../../auth/caller';
import { callerScopeKey } from '../../auth/scope';
import type { DbOrTx } from '../../db/client';
import { type DeliveryStatus, outbox, participantImports } from '../../db/schema';

/**
 * A check kept on the server (docs/participant-import.md#lifetime): table participant_imports, one row
 * per uploaded file, its checked rows as JSON. Only the correspondant who uploaded it reaches it, and
 * only while their scope is still the one it was checked in: for anyone else it does not exist.
 */

/** An unrun check is forgotten after an hour; the report of a run is kept a day. */
export const CHECK_TTL_S = 60 * 60;
export const REPORT_TTL_S = 24 * 60 * 60;
/** A run whose instance wrote nothing for this long has stopped with it (its process ended). */
export const STALE_RUN_S = 120;

/** A checked row as kept for the import and the report. */
export interface StoredRow {
  line: number;
  status: ImportRowStatus;
  participantId: number | null;
  /** The person as the file names them (the report's first columns). */
  nom: string;
  prenom: string;
  dateNaissance: string;
  /** The validated creation form, for the rows the import writes (new and update). */
  body: ParticipantCreate | null;
  errors: ImportCellError[];
  /**
   * What the import will not do with a cell, told on the screen and in the report
   * (docs/participant-import.md#updates). Absent from a check kept before notices existed.
   */
  warnings?: ImportCellError[];
}

/** What the run did to one row. */
export interface RowOutcome {
  line: number;
  outcome: ImportOutcome;
  participantId: number | null;
  errors: ImportCellError[];
  /** A created row's activation mail, in the outbox (activationDeliveries follows it). */
  outboxId?: number;
}

export interface ImportProgress {
  done: number;
  total: number;
  created: number;
  updated: number;
  unchanged: number;
  refused: number;
}

/** Where the activation mails of a run stand, read from the outbox. */
export interface ActivationDeliveries {
  activationsSent: number;
  activationsQueued: number;
  activationsFailed: number;
}
export const NO_DELIVERIES: ActivationDeliveries = {
  activationsSent: 0,
  activationsQueued: 0,
  activationsFailed: 0,
};

export type ImportRecord = typeof participantImports.$inferSelect;

const ownedBy = (caller: Caller, id: string) =>
  and(
    eq(participantImports.id, id),
    eq(participantImports.ownerUserId, caller.userId),
    eq(participantImports.scopeKey, callerScopeKey(caller) ?? '-'),
  );

export async function storeCheck(
  db: DbOrTx,
  caller: Caller,
  fileName: string,
  rows: readonly StoredRow[],
): Promise<{ id: string; expiresAt: Date }> {
  const [row] = await db
    .insert(participantImports)
    .values({
      ownerUserId: caller.userId,
      scopeKey: callerScopeKey(caller) ?? '-',
      fileName,
      rows,
      expiresAt: sql`now() + make_interval(secs => ${CHECK_TTL_S})`,
    })
    .returning({ id: participantImports.id, expiresAt: participantImports.expiresAt });
  if (!row) throw new Error('import insert returned no row');
  return row;
}

/**
 * The caller's import, or null (another user's, another scope's, unknown, or an unrun check past its
 * hour). A run left 'running' by an instance that stopped is marked failed here, when read.
 */
export async function findImport(db: DbOrTx, caller: Caller, id: string): Promise<ImportRecord | null> {
  const [row] = await db
    .select()
    .from(participantImports)
    .where(and(ownedBy(caller, id), sql`${participantImports.expiresAt} > now()`));
  if (!row) return null;
  if (row.state === 'running' && (await failStale(db, id)) > 0) return findImport(db, caller, id);
  return row;
}

/** Marks failed the runs (one, or all) whose instance has not written for STALE_RUN_S. */
export async function failStale(db: DbOrTx, id?: string): Promise<number> {
  const stale = await db
    .update(participantImports)
    .set({ state: 'failed', finishedAt: sql`now()` })
    .where(
      and(
        id === undefined ? undefined : eq(participantImports.id, id),
        eq(participantImports.state, 'running'),
        sql`coalesce(${participantImports.heartbeatAt}, ${participantImports.startedAt}) < now() - make_interval(secs => ${STALE_RUN_S})`,
      ),
    )
    .returning({ id: participantImports.id });
  return stale.length;
}

/**
 * Takes the check for a run, once: only a check still 'checked' and within its hour becomes 'running'
 * (two clicks, two tabs or two instances: one wins). Null when it was not taken.
 */
export async function claimRun(
  db: DbOrTx,
  caller: Caller,
  id: string,
  applyUpdates: boolean,
  progress: ImportProgress,
): Promise<ImportRecord | null> {
  const [row] = await db
    .update(participantImports)
    .set({
      state: 'running',
      applyUpdates,
      progress,
      outcomes: [],
      startedAt: sql`now()`,
      heartbeatAt: sql`now()`,
      expiresAt: sql`now() + make_interval(secs => ${REPORT_TTL_S})`,
    })
    .where(
      and(
        ownedBy(caller, id),
        eq(participantImports.state, 'checked'),
        sql`${participantImports.expiresAt} > now()`,
      ),
    )
    .returning();
  return row ?? null;
}

/** Records a batch: its outcomes appended, the counters merged (only the keys given). */
export async function recordBatch(
  db: DbOrTx,
  id: string,
  outcomes: readonly RowOutcome[],
  progress: Partial<ImportProgress>,
): Promise<void> {
  await db
    .update(participantImports)
    .set({
      outcomes: sql`coalesce(${participantImports.outcomes}, '[]'::jsonb) || ${JSON.stringify(outcomes)}::jsonb`,
      progress: sql`coalesce(${participantImports.progress}, '{}'::jsonb) || ${JSON.stringify(progress)}::jsonb`,
      heartbeatAt: sql`now()`,
    })
    .where(eq(participantImports.id, id));
}

export async function finishRun(db: DbOrTx, id: string, state: Extract<ImportRunState, 'done' | 'failed'>) {
  await db
    .update(participantImports)
    .set({ state, finishedAt: sql`now()`, heartbeatAt: sql`now()` })
    .where(eq(participantImports.id, id));
}

const EMPTY_PROGRESS: ImportProgress = {
  done: 0,
  total: 0,
  created: 0,
  updated: 0,
  unchanged: 0,
  refused: 0,
};

export const outcomesOf = (record: ImportRecord) => (record.outcomes ?? []) as RowOutcome[];
export const rowsOf = (record: ImportRecord) => record.rows as StoredRow[];

/**
 * The activation mails of a run as the outbox has them: sent, still to leave (spread out, or being
 * retried), or given up by the queue after its attempts. One query over the run's created rows.
 */
export async function activationDeliveries(db: DbOrTx, id: string): Promise<ActivationDeliveries> {
  const mailIds = sql`(select (item->>'outboxId')::bigint from ${participantImports}, jsonb_array_elements(coalesce(${participantImports.outcomes}, '[]'::jsonb)) as item where ${participantImports.id} = ${id})`;
  const rows = await db
    .select({ status: outbox.status, mails: count() })
    .from(outbox)
    .where(inArray(outbox.id, mailIds))
    .groupBy(outbox.status);
  const of = (...statuses: DeliveryStatus[]) =>
    rows.filter((row) => statuses.includes(row.status)).reduce((sum, row) => sum + row.mails, 0);
  return {
    activationsSent: of('SENT'),
    activationsQueued: of('QUEUED', 'RETRYING'),
    activationsFailed: of('DEAD'),
  };
}

/** The state of an import as the status route answers it. */
export function statusOf(record: ImportRecord, deliveries: ActivationDeliveries): ImportStatusReply {
  const progress = { ...EMPTY_PROGRESS, ...((record.progress ?? {}) as Partial<ImportProgress>) };
  return {
    id: record.id,
    fileName: record.fileName,
    state: record.state,
    done: progress.done,
    total: progress.total,
    created: progress.created,
    updated: progress.updated,
    unchanged: progress.unchanged,
    refused: progress.refused,
    ...deliveries,
    startedAt: record.startedAt?.toISOString() ?? null,
    finishedAt: record.finishedAt?.toISOString() ?? null,
    refusals: outcomesOf(record)
      .filter((outcome) => outcome.outcome === 'refused')
      .map(({ line, errors }) => ({ line, errors })),
  };
}

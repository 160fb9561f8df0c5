import type {
  ImportCellError,
  ImportOutcome,
  ImportRowStatus,
  ImportRunState,
  ImportStatusReply,
} from '@portail/contract/schemas/participant-import';
import type { ParticipantCreate } from '@portail/contract/schemas/participants';
import { and, eq, sql } from 'drizzle-orm';
import type { Caller } from '../../auth/caller';
import { callerScopeKey } from '../../auth/scope';
import type { DbOrTx } from '../../db/client';
import { participantImports } from '../../db/schema';

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
}

/** What the run did to one row. */
export interface RowOutcome {
  line: number;
  outcome: ImportOutcome;
  participantId: number | null;
  errors: ImportCellError[];
}

export interface ImportProgress {
  done: number;
  total: number;
  created: number;
  updated: number;
  unchanged: number;
  refused: number;
  activationsSent: number;
  activationsQueued: number;
}

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
  activationsSent: 0,
  activationsQueued: 0,
};

export const outcomesOf = (record: ImportRecord) => (record.outcomes ?? []) as RowOutcome[];
export const rowsOf = (record: ImportRecord) => record.rows as StoredRow[];

/** The state of an import as the status route answers it. */
export function statusOf(record: ImportRecord): ImportStatusReply {
  const progress = { ...EMPTY_PROGRESS, ...((record.progress ?? {}) as Partial<ImportProgress>) };
  return {
    id: record.id,
    fileName: record.fileName,
    state: record.state,
    ...progress,
    startedAt: record.startedAt?.toISOString() ?? null,
    finishedAt: record.finishedAt?.toISOString() ?? null,
    refusals: outcomesOf(record)
      .filter((outcome) => outcome.outcome === 'refused')
      .map(({ line, errors }) => ({ line, errors })),
  };
}

import type { ImportStatusReply } from '@portail/contract/schemas/participant-import';
import type { FastifyBaseLogger } from 'fastify';
import type { Caller } from '../../auth/caller';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { audit } from '../../lib/audit';
import type { Changes } from '../../lib/changes';
import { centreToday } from '../../lib/dates';
import { BusinessError, HttpError } from '../../lib/errors';
import { FieldErrors } from '../../lib/field-errors';
import type { DeferredMail, Notifier } from '../../notify/notifier';
import {
  activationMail,
  type FormFacts,
  insertParticipant,
  loadEnumItems,
  saveParticipant,
} from '../participants';
import { cellError, formErrors } from './import-messages';
import {
  claimRun,
  findImport,
  finishRun,
  type ImportProgress,
  type ImportRecord,
  NO_DELIVERIES,
  type RowOutcome,
  recordBatch,
  rowsOf,
  type StoredRow,
  statusOf,
} from './import-store';

/** Rows per transaction: a batch holds its locks for a fraction of a second, then others run. */
export const IMPORT_BATCH_SIZE = 100;

export interface RunDeps {
  db: Db;
  config: Config;
  notifier: Notifier;
  changes: Changes;
  log: FastifyBaseLogger;
  /** The runs of this instance and the pace of their mails (ImportRunner). */
  runner: ImportRunner;
}

/** A refusal of the form's write as the cells it concerns. */
function refusalErrors(error: unknown): RowOutcome['errors'] | null {
  if (error instanceof FieldErrors) return formErrors(error.fieldErrors, error.messages);
  if (error instanceof BusinessError) return formErrors([], error.messages);
  if (error instanceof HttpError) return [cellError(null, error.message)];
  return null;
}

/**
 * The runs of this instance (docs/participant-import.md#run). The activation mails of a batch are
 * recorded in the outbox and queued in the batch's own transaction: they leave if and only if their
 * participants were created, and an instance that stops (a deployment, a crash) loses none of them.
 * They are spread out, at most `mailsPerSecond` from this instance's imports together (the queue's
 * `startAfter`), and come after every sign-in code and document in the queue (delivery-queue.ts).
 * Closing the app stops the runs between batches.
 */
export class ImportRunner {
  private stopped = false;
  private readonly running = new Set<Promise<void>>();
  /** When this instance's next activation mail may leave (ms since the epoch). */
  private nextSlot = 0;

  constructor(private readonly mailsPerSecond: number) {}

  get closed(): boolean {
    return this.stopped;
  }

  track(run: Promise<void>): void {
    this.running.add(run);
    void run.finally(() => this.running.delete(run));
  }

  /** The times `count` mails may leave, one every 1/mailsPerSecond after those already given. */
  slots(count: number): Date[] {
    const gap = 1000 / this.mailsPerSecond;
    let at = Math.max(Date.now(), this.nextSlot);
    const slots: Date[] = [];
    for (let index = 0; index < count; index++, at += gap) slots.push(new Date(at));
    this.nextSlot = at;
    return slots;
  }

  async close(): Promise<void> {
    this.stopped = true;
    await Promise.allSettled([...this.running]);
  }
}

/** The reference items a row's form names (checkForm reads them). */
function enumIds(row: StoredRow): number[] {
  const body = row.body;
  if (!body) return [];
  const ids = [
    body.civilite,
    body.sexe,
    body.paysExercice,
    body.provenance,
    body.categorie,
    body.typeBilan,
    body.periodicite,
    body.gestionRdv,
    body.adresse.pays,
    body.adresse.typeVoie,
    body.contact.civilite,
  ];
  return ids.filter((id): id is number => typeof id === 'number');
}

/** One row in its own savepoint: a refusal (or a failure) undoes that row only, never its batch. */
async function importRow(
  deps: RunDeps,
  tx: Parameters<Parameters<Db['transaction']>[0]>[0],
  ctx: { caller: Caller; ip: string },
  row: StoredRow,
  today: string,
  facts: FormFacts,
): Promise<{ outcome: RowOutcome; mail?: DeferredMail }> {
  const body = row.body;
  const base = { line: row.line, participantId: row.participantId, errors: [] };
  if (!body) return { outcome: { ...base, outcome: 'skipped', errors: row.errors } };
  try {
    if (row.status === 'new') {
      // The form's own creation: rules, duplicates, participant, account, link, audit row.
      const created = await tx.transaction((sp) =>
        insertParticipant(sp, deps.config, ctx, body, today, facts),
      );
      return {
        outcome: { ...base, outcome: 'created', participantId: created.id },
        mail: activationMail(deps.config, body.mail, created.token, created),
      };
    }
    const id = row.participantId ?? 0;
    const done = await tx.transaction((sp) =>
      saveParticipant(sp, ctx, { ...body, id }, today, { skipUnchanged: true }),
    );
    return { outcome: { ...base, outcome: done } };
  } catch (error) {
    const errors = refusalErrors(error);
    if (errors) return { outcome: { ...base, outcome: 'refused', errors } };
    deps.log.error({ err: error, line: row.line }, 'import row failed');
    return { outcome: { ...base, outcome: 'refused', errors: [cellError(null, 'http.500')] } };
  }
}

async function runBatches(
  deps: RunDeps,
  record: ImportRecord,
  ctx: { caller: Caller; ip: string },
  progress: ImportProgress,
): Promise<void> {
  const rows = rowsOf(record);
  const todo = rows.filter((row) => row.status === 'new' || (row.status === 'update' && record.applyUpdates));
  let state: 'done' | 'failed' = 'done';
  try {
    for (let start = 0; start < todo.length; start += IMPORT_BATCH_SIZE) {
      if (deps.runner.closed) return;
      const batch = todo.slice(start, start + IMPORT_BATCH_SIZE);
      const today = centreToday();
      await deps.db.transaction(async (tx) => {
        // Read again for each batch, inside it: a list item retired or an establishment closed since
        // the check refuses the rows that name it.
        const facts: FormFacts = {
          items: await loadEnumItems(
            tx,
            batch.flatMap((row) => enumIds(row)),
          ),
          establishments: new Map(),
        };
        const outcomes: RowOutcome[] = [];
        const mails: { outcome: RowOutcome; mail: DeferredMail }[] = [];
        const counts = { ...progress };
        for (const row of batch) {
          const { outcome, mail } = await importRow(deps, tx, ctx, row, today, facts);
          outcomes.push(outcome);
          if (mail) mails.push({ outcome, mail });
          counts.done++;
          if (outcome.outcome === 'created') counts.created++;
          else if (outcome.outcome === 'updated') counts.updated++;
          else if (outcome.outcome === 'unchanged') counts.unchanged++;
          else counts.refused++;
        }
        // The batch's links, in its transaction: each created row names its mail (the report follows it).
        const slots = deps.runner.slots(mails.length);
        const outboxIds = await deps.notifier.mailsIn(
          tx,
          mails.map(({ mail }, index) => ({ ...mail, notBefore: slots[index] })),
        );
        mails.forEach(({ outcome }, index) => {
          outcome.outboxId = outboxIds[index];
        });
        const { done, created, updated, unchanged, refused } = counts;
        await recordBatch(tx, record.id, outcomes, { done, created, updated, unchanged, refused });
        Object.assign(progress, { done, created, updated, unchanged, refused });
      });
      // Committed: the participants list shows them at once, and their links are on their way.
      deps.changes.announce('participants');
      await new Promise<void>((resolve) => setImmediate(resolve));
    }
  } catch (error) {
    state = 'failed';
    deps.log.error({ err: error, importId: record.id }, 'participant import failed');
  }
  if (deps.runner.closed) return;
  await finishRun(deps.db, record.id, state);
  await audit(deps.db, {
    actorUserId: ctx.caller.userId,
    action: 'PARTICIPANT_IMPORT_RUN',
    targetType: 'participant_import',
    targetId: record.id,
    details: {
      fileName: record.fileName,
      state,
      applyUpdates: record.applyUpdates,
      total: progress.total,
      created: progress.created,
      updated: progress.updated,
      unchanged: progress.unchanged,
      refused: progress.refused,
    },
    ip: ctx.ip,
  });
}

/**
 * POST import/:id/executer (docs/participant-import.md#run): takes the check for a run (once: a
 * second call is a 409) and answers at once; the rows are written in the background, a batch per
 * transaction, each row through the form's own write, which checks its rules again.
 */
export async function startImport(
  deps: RunDeps,
  ctx: { caller: Caller; ip: string },
  id: string,
  applyUpdates: boolean,
): Promise<ImportStatusReply> {
  const existing = await findImport(deps.db, ctx.caller, id);
  if (!existing) throw new HttpError(404, 'http.404');
  if (existing.state !== 'checked') throw new HttpError(409, 'http.409');
  const rows = rowsOf(existing);
  const progress: ImportProgress = {
    done: 0,
    total: rows.filter((row) => row.status === 'new' || (row.status === 'update' && applyUpdates)).length,
    created: 0,
    updated: 0,
    unchanged: rows.filter((row) => row.status === 'unchanged').length,
    refused: 0,
  };
  const record = await claimRun(deps.db, ctx.caller, id, applyUpdates, progress);
  if (!record) throw new HttpError(409, 'http.409');
  // The reply leaves first; the batches follow on the next turns of the event loop.
  deps.runner.track(
    (async () => {
      await new Promise<void>((resolve) => setImmediate(resolve));
      await runBatches(deps, record, ctx, progress);
    })(),
  );
  return statusOf(record, NO_DELIVERIES);
}

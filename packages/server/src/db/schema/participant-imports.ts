import { boolean, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth';

/**
 * A participant file checked by a correspondant, then its import (issue 22, docs/participant-import.md).
 * The check keeps what the import needs (each row's validated form, its status, its problems), so the
 * import sends no file again and imports exactly what the screen showed. Only its owner reaches it, and
 * only while their scope is the one it was checked in. An unrun check is forgotten after an hour; a
 * run one keeps its report for a day; the sweeper deletes them (auth/sweep.ts).
 */
export const participantImports = pgTable(
  'participant_imports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerUserId: integer('owner_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The owner's scope when checked (auth/scope.ts scopeKey: E12, C3, G1). */
    scopeKey: text('scope_key').notNull(),
    fileName: text('file_name').notNull(),
    /** The checked rows (features/participant-import/import-store.ts StoredRow), in the file's order. */
    rows: jsonb('rows').notNull(),
    state: text('state', { enum: ['checked', 'running', 'done', 'failed'] })
      .notNull()
      .default('checked'),
    /** Whether the run applies the updates the check offered. */
    applyUpdates: boolean('apply_updates').notNull().default(false),
    /** The run's counters (ImportProgress). */
    progress: jsonb('progress'),
    /** What the run did to each row treated so far (RowOutcome[]), for the report. */
    outcomes: jsonb('outcomes'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    /** Written after each batch: a run whose instance stopped is recognised by a stale one. */
    heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('participant_imports_owner_idx').on(t.ownerUserId),
    index('participant_imports_expires_idx').on(t.expiresAt),
  ],
);

import { sql } from 'drizzle-orm';
import { boolean, check, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * What a database is for, written by the first start that uses it (db/deployment.ts): the demo, whose
 * accounts share a public password and whose messages are readable by anyone at /dev/outbox, or a
 * centre's production data. Neither start accepts the other's database. One row at most.
 */
export const deployment = pgTable(
  'deployment',
  {
    id: boolean('id').primaryKey().default(true),
    kind: text('kind', { enum: ['demo', 'production'] }).notNull(),
    markedAt: timestamp('marked_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('deployment_single_row', sql`${t.id}`),
    check('deployment_kind_check', sql`${t.kind} in ('demo', 'production')`),
  ],
);

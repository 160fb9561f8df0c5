import { boolean, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { versionColumns } from './columns';
import { bytea } from './outbox';

/** Advice sheets (fiches conseil, docs/documents-and-sheets.md#sheets), the same for every participant. */
export const adviceSheets = pgTable(
  'advice_sheets',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    /** English title (null: the centre gave none, the French one is shown). */
    nameEn: text('name_en'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    active: boolean('active').notNull().default(true),
    ...versionColumns(),
  },
  (t) => [index('advice_sheets_list_idx').on(t.active, t.createdAt.desc())],
);

/** Bytes apart from the list, as for documents. */
export const adviceSheetContents = pgTable('advice_sheet_contents', {
  sheetId: integer('sheet_id')
    .primaryKey()
    .references(() => adviceSheets.id, { onDelete: 'cascade' }),
  mimeType: text('mime_type').notNull().default('application/pdf'),
  content: bytea('content').notNull(),
});

import { type AnyPgColumn, boolean, index, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { versionColumns } from './columns';
import { bytea } from './outbox';

/**
 * Data-protection documents (docs/data-protection-and-legal.md#data-protection-documents Document: id, libelle, data) arranged as the page's tree:
 * a row without content is a folder, a row with content a PDF.
 */
export const legalDocuments = pgTable(
  'legal_documents',
  {
    id: serial('id').primaryKey(),
    parentId: integer('parent_id').references((): AnyPgColumn => legalDocuments.id, { onDelete: 'cascade' }),
    label: text('label').notNull(),
    labelEn: text('label_en'),
    sortOrder: integer('sort_order').notNull().default(0),
    mimeType: text('mime_type'),
    content: bytea('content'),
    /** Withdrawn by the centre (issue 20): kept, not shown. A withdrawn folder hides its documents. */
    active: boolean('active').notNull().default(true),
    ...versionColumns(),
  },
  (t) => [index('legal_documents_parent_idx').on(t.parentId, t.sortOrder)],
);

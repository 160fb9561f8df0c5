import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  index,
  integer,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { checkups } from './checkups';
import { versionColumns } from './columns';
import { bytea } from './outbox';
import { participants } from './participants';

/** Document list categories (docs/documents-and-sheets.md#categories): analysis results, consultations, gynecology, letters. */
export const DOCUMENT_CATEGORIES = ['MEDICO_TECHNIQUE', 'CONS_MEDICAL', 'CONSULT_GYN', 'COURRIER'] as const;
export type DocumentCategory = (typeof DOCUMENT_CATEGORIES)[number];
/** Which name a list shows (docs/documents-and-sheets.md#document-lists): libelleDocument for INFO_DOCUMENT, else nomDocument. */
export const NAME_DISPLAY_MODES = ['INFO_DOCUMENT', 'NOM_DOCUMENT'] as const;
export type NameDisplayMode = (typeof NAME_DISPLAY_MODES)[number];
/** EXTRACIEM attachments can be selected for sending; LS ones can only be viewed (docs/documents-and-sheets.md#document-lists). */
export const ATTACHMENT_KINDS = ['EXTRACIEM', 'LS'] as const;
export type AttachmentKind = (typeof ATTACHMENT_KINDS)[number];

const categoryCheck = (column: AnyPgColumn) =>
  sql`${column} in ('MEDICO_TECHNIQUE', 'CONS_MEDICAL', 'CONSULT_GYN', 'COURRIER')`;

/** Document types per category (`abstractenum/typedocument/{categorie}`). */
export const documentTypes = pgTable(
  'document_types',
  {
    id: serial('id').primaryKey(),
    category: text('category', { enum: DOCUMENT_CATEGORIES }).notNull(),
    label: text('label').notNull(),
    labelEn: text('label_en'),
    nameDisplayMode: text('name_display_mode', { enum: NAME_DISPLAY_MODES })
      .notNull()
      .default('NOM_DOCUMENT'),
    active: boolean('active').notNull().default(true),
  },
  (t) => [
    check('document_types_category_check', categoryCheck(t.category)),
    index('document_types_category_idx').on(t.category),
  ],
);

/** A participant's medical document: metadata only, the bytes are in document_contents. */
export const documents = pgTable(
  'documents',
  {
    id: serial('id').primaryKey(),
    participantId: integer('participant_id')
      .notNull()
      .references(() => participants.id),
    checkupId: integer('checkup_id').references(() => checkups.id),
    /** The balance-sheet year the list filters on (anneeDocuments). */
    checkupYear: smallint('checkup_year').notNull(),
    category: text('category', { enum: DOCUMENT_CATEGORIES }).notNull(),
    documentTypeId: integer('document_type_id')
      .notNull()
      .references(() => documentTypes.id),
    name: text('name').notNull(),
    label: text('label'),
    /** Overrides the type's mode when set (docs/documents-and-sheets.md#document-lists: "the mode on the document is checked first"). */
    nameDisplayMode: text('name_display_mode', { enum: NAME_DISPLAY_MODES }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    active: boolean('active').notNull().default(true),
    /** Not yet opened by the participant: listed in the home page's table of new documents. */
    unread: boolean('unread').notNull().default(true),
    /**
     * Held until (issue 19): before this instant the participant does not see the document at all (results
     * held until the doctor has spoken to them). Null: visible from its creation. An instant, not a day:
     * the back office may hold results until an appointment's hour; a day it sends means 00:00 in Paris.
     */
    availableFrom: timestamp('available_from', { withTimezone: true }),
    /**
     * When the participant sees the document from: its creation, or the end of its hold. Every participant
     * path filters `visible_at <= now()`, sorts on it and shows it as the document's date, so a held
     * document arrives as new, on top of the list, on the day it is released.
     */
    visibleAt: timestamp('visible_at', { withTimezone: true })
      .notNull()
      .generatedAlwaysAs(sql`greatest(created_at, coalesce(available_from, created_at))`),
    ...versionColumns(),
  },
  (t) => [
    check('documents_category_check', categoryCheck(t.category)),
    index('documents_list_idx').on(t.participantId, t.category, t.active, t.visibleAt.desc()),
    index('documents_updated_idx').on(t.updatedAt, t.id),
  ],
);

/** Kept apart from `documents` so that no list query can load a PDF by accident. */
export const documentContents = pgTable('document_contents', {
  documentId: integer('document_id')
    .primaryKey()
    .references(() => documents.id, { onDelete: 'cascade' }),
  mimeType: text('mime_type').notNull().default('application/pdf'),
  content: bytea('content').notNull(),
});

/** Attachments (annexes) of a document: documentJointExtraciem and documentJointLSExtraciem. */
export const documentAttachments = pgTable(
  'document_attachments',
  {
    id: serial('id').primaryKey(),
    documentId: integer('document_id')
      .notNull()
      .references(() => documents.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ATTACHMENT_KINDS }).notNull(),
    name: text('name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    check('document_attachments_kind_check', sql`${t.kind} in ('EXTRACIEM', 'LS')`),
    index('document_attachments_document_idx').on(t.documentId),
  ],
);

/**
 * Attachment bytes, one row per attachment, for the same reason as document_contents: the home table
 * and the annexes expander list attachments with every document, and must not drag PDFs along.
 */
export const documentAttachmentContents = pgTable('document_attachment_contents', {
  attachmentId: integer('attachment_id')
    .primaryKey()
    .references(() => documentAttachments.id, { onDelete: 'cascade' }),
  mimeType: text('mime_type').notNull().default('application/pdf'),
  content: bytea('content').notNull(),
});

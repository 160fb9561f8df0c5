import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import {
  type AttachmentKind,
  type DocumentCategory,
  documentAttachmentContents,
  documentAttachments,
  documentContents,
  documents,
  documentTypes,
  type NameDisplayMode,
} from '../../db/schema';
import { type TitleParts, titleColumns } from './document-title';

/**
 * Queries of the medical record. Every one is scoped by the participant's id and reads active documents
 * already released (`visibleNow`: a document held until a date does not exist for its participant
 * before it); none of the list queries touches the content tables (ARCHITECTURE.md, Data).
 */

/**
 * Released: its hold (`available_from`) is over. `visible_at` is the later of the creation and the end
 * of the hold (a generated column, in documents_list_idx); `now()` is the database's clock, the one
 * that wrote the instants, so no server clock skew decides what a participant sees.
 */
export const visibleNow = sql`${documents.visibleAt} <= now()`;

export interface DocumentFilters {
  category: DocumentCategory;
  years: number[];
  typeIds: number[];
}

/** An attachment as the page query aggregates it (JSON: the date comes as text). */
export interface AttachmentJson {
  id: number;
  kind: AttachmentKind;
  name: string;
  createdAt: string;
}

/**
 * A listed document: its type, and its attachments aggregated per row as JSON by
 * document_attachments_document_idx (one query, no content). The document lists and the home page's
 * new documents select the same columns and map them with `toDocumentRow` (documents.service.ts).
 */
export const listedDocumentColumns = {
  id: documents.id,
  // The date a participant sees is when the document reached them: its release, when it was held.
  createdAt: documents.visibleAt,
  category: documents.category,
  name: documents.name,
  ...titleColumns,
  nameDisplayMode: documents.nameDisplayMode,
  checkupYear: documents.checkupYear,
  typeId: documentTypes.id,
  typeNameDisplayMode: documentTypes.nameDisplayMode,
  attachments: sql<AttachmentJson[]>`(
    select coalesce(
      json_agg(
        json_build_object(
          'id', a.id, 'kind', a.kind, 'name', a.name,
          'createdAt', greatest(a.created_at, ${documents.visibleAt})
        )
        order by a.created_at, a.id
      ),
      '[]'::json
    )
    from ${documentAttachments} a
    where a.document_id = ${documents.id}
  )`,
};

/** One row of `listedDocumentColumns`. */
export interface ListedDocument extends TitleParts {
  id: number;
  createdAt: Date;
  category: DocumentCategory;
  name: string;
  nameDisplayMode: 'INFO_DOCUMENT' | 'NOM_DOCUMENT' | null;
  checkupYear: number;
  typeId: number;
  typeNameDisplayMode: 'INFO_DOCUMENT' | 'NOM_DOCUMENT';
  attachments: AttachmentJson[];
}

/**
 * One page of the list in one prepared statement (node-postgres prepares it once per connection, so
 * the hottest screen of the medical record costs one round trip without planning): the rows in
 * documents_list_idx order, the total of the filter as a window count, and each row's attachments
 * aggregated by document_attachments_document_idx. The filters are arrays, so the statement's shape
 * never changes with their length.
 */
function documentPageStatement(db: Db, descending: boolean) {
  const order = descending ? desc : asc;
  return db
    .select({ total: sql<number>`(count(*) over ())::int`, ...listedDocumentColumns })
    .from(documents)
    .innerJoin(documentTypes, eq(documentTypes.id, documents.documentTypeId))
    .where(
      and(
        eq(documents.participantId, sql.placeholder('participantId')),
        eq(documents.category, sql.placeholder('category')),
        eq(documents.active, true),
        visibleNow,
        sql`${documents.checkupYear} = any(${sql.placeholder('years')}::int[])`,
        sql`${documents.documentTypeId} = any(${sql.placeholder('typeIds')}::int[])`,
      ),
    )
    .orderBy(order(documents.visibleAt), order(documents.id))
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .prepare(`document_page_${descending ? 'desc' : 'asc'}`);
}

type DocumentPageStatement = ReturnType<typeof documentPageStatement>;
const statements = new WeakMap<Db, Map<boolean, DocumentPageStatement>>();

export function readDocumentPage(
  db: Db,
  participantId: number,
  filters: DocumentFilters,
  descending: boolean,
  page: { limit: number; offset: number },
) {
  const byOrder = statements.get(db) ?? new Map<boolean, DocumentPageStatement>();
  statements.set(db, byOrder);
  let statement = byOrder.get(descending);
  if (!statement) {
    statement = documentPageStatement(db, descending);
    byOrder.set(descending, statement);
  }
  return statement.execute({
    participantId,
    category: filters.category,
    years: filters.years,
    typeIds: filters.typeIds,
    limit: page.limit,
    offset: page.offset,
  });
}

/**
 * The participant's own active documents, released: every query but the prepared page (which says the
 * same) is scoped by it, so a held document is "not found" for downloads, the viewer and sending alike.
 */
export const ownActive = (participantId: number) =>
  and(eq(documents.participantId, participantId), eq(documents.active, true), visibleNow);

/** The total of a filter, for a page past the end (which has no row to carry it). */
export async function countDocuments(db: Db, participantId: number, filters: DocumentFilters) {
  const [row] = await db
    .select({ total: count() })
    .from(documents)
    .where(
      and(
        ownActive(participantId),
        eq(documents.category, filters.category),
        inArray(documents.checkupYear, filters.years),
        inArray(documents.documentTypeId, filters.typeIds),
      ),
    );
  return row?.total ?? 0;
}

export function readTypesOfCategory(db: Db, category: DocumentCategory) {
  return db
    .select({
      id: documentTypes.id,
      label: documentTypes.label,
      labelEn: documentTypes.labelEn,
      nameDisplayMode: documentTypes.nameDisplayMode,
    })
    .from(documentTypes)
    .where(and(eq(documentTypes.category, category), eq(documentTypes.active, true)))
    .orderBy(asc(documentTypes.label), asc(documentTypes.id));
}

export async function readDocumentYears(db: Db, participantId: number): Promise<number[]> {
  const rows = await db
    .selectDistinct({ year: documents.checkupYear })
    .from(documents)
    .where(ownActive(participantId))
    .orderBy(desc(documents.checkupYear));
  return rows.map((row) => row.year);
}

export interface StoredFile {
  name: string;
  content: Uint8Array;
}

/** What decides the name a document is shown under (docs/documents-and-sheets.md#document-lists, contract `shownName`). */
const naming = {
  name: documents.name,
  ...titleColumns,
  mode: documents.nameDisplayMode,
  typeMode: documentTypes.nameDisplayMode,
};

/** The columns `naming` reads. */
export interface DocumentNaming extends TitleParts {
  name: string;
  mode: NameDisplayMode | null;
  typeMode: NameDisplayMode;
}

/** A document's naming columns and bytes, if it is the participant's and active. */
export async function findDocumentContent(
  db: Db,
  participantId: number,
  documentId: number,
): Promise<(DocumentNaming & { content: Uint8Array }) | null> {
  const [row] = await db
    .select({ ...naming, content: documentContents.content })
    .from(documents)
    .innerJoin(documentTypes, eq(documentTypes.id, documents.documentTypeId))
    .innerJoin(documentContents, eq(documentContents.documentId, documents.id))
    .where(and(eq(documents.id, documentId), ownActive(participantId)))
    .limit(1);
  return row ?? null;
}

/** An attachment's name and bytes (either kind), if its document is the participant's and active. */
export async function findAttachmentContent(
  db: Db,
  participantId: number,
  attachmentId: number,
): Promise<StoredFile | null> {
  const [row] = await db
    .select({ name: documentAttachments.name, content: documentAttachmentContents.content })
    .from(documentAttachments)
    .innerJoin(documents, eq(documents.id, documentAttachments.documentId))
    .innerJoin(
      documentAttachmentContents,
      eq(documentAttachmentContents.attachmentId, documentAttachments.id),
    )
    .where(and(eq(documentAttachments.id, attachmentId), ownActive(participantId)))
    .limit(1);
  return row ?? null;
}

/** Leaves the home page's table of new documents once the participant has opened the document. */
export async function markRead(db: DbOrTx, documentIds: number[]): Promise<void> {
  if (documentIds.length === 0) return;
  await db
    .update(documents)
    .set({ unread: false })
    .where(and(inArray(documents.id, documentIds), eq(documents.unread, true)));
}

export interface FileSize {
  id: number;
  name: string;
  size: number;
}

/** The participant's active documents among `ids`, with their sizes and naming, without the bytes. */
export function sizeDocuments(
  db: Db,
  participantId: number,
  ids: number[],
): Promise<(FileSize & DocumentNaming)[]> {
  return db
    .select({
      id: documents.id,
      ...naming,
      size: sql<number>`octet_length(${documentContents.content})::int`,
    })
    .from(documents)
    .innerJoin(documentTypes, eq(documentTypes.id, documents.documentTypeId))
    .innerJoin(documentContents, eq(documentContents.documentId, documents.id))
    .where(and(inArray(documents.id, ids), ownActive(participantId)));
}

/** The participant's attachments of the given kind among `ids` (of active documents), with sizes. */
export function sizeAttachments(
  db: Db,
  participantId: number,
  ids: number[],
  kind: AttachmentKind,
): Promise<FileSize[]> {
  return db
    .select({
      id: documentAttachments.id,
      name: documentAttachments.name,
      size: sql<number>`octet_length(${documentAttachmentContents.content})::int`,
    })
    .from(documentAttachments)
    .innerJoin(documents, eq(documents.id, documentAttachments.documentId))
    .innerJoin(
      documentAttachmentContents,
      eq(documentAttachmentContents.attachmentId, documentAttachments.id),
    )
    .where(
      and(inArray(documentAttachments.id, ids), eq(documentAttachments.kind, kind), ownActive(participantId)),
    );
}

/** Bytes of documents already checked by sizeDocuments. */
export async function loadDocumentBytes(db: Db, ids: number[]): Promise<Map<number, Uint8Array>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: documentContents.documentId, content: documentContents.content })
    .from(documentContents)
    .where(inArray(documentContents.documentId, ids));
  return new Map(rows.map((row) => [row.id, row.content]));
}

/** Bytes of attachments already checked by sizeAttachments. */
export async function loadAttachmentBytes(db: Db, ids: number[]): Promise<Map<number, Uint8Array>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: documentAttachmentContents.attachmentId, content: documentAttachmentContents.content })
    .from(documentAttachmentContents)
    .where(inArray(documentAttachmentContents.attachmentId, ids));
  return new Map(rows.map((row) => [row.id, row.content]));
}

/** A document of "my data" (docs/personal-details.md#my-data): its naming and its attachments, no bytes. */
export interface ArchiveDocument extends DocumentNaming {
  id: number;
  checkupYear: number;
  attachments: { id: number; kind: AttachmentKind; name: string }[];
}

/**
 * Every document the participant's lists show (active, released: `ownActive`), oldest first, with the
 * names of their attachments and no content: the archive then reads each file's bytes one at a time.
 */
export function listArchiveDocuments(db: Db, participantId: number): Promise<ArchiveDocument[]> {
  return db
    .select({
      id: documents.id,
      checkupYear: documents.checkupYear,
      ...naming,
      attachments: sql<ArchiveDocument['attachments']>`(
        select coalesce(
          json_agg(json_build_object('id', a.id, 'kind', a.kind, 'name', a.name) order by a.created_at, a.id),
          '[]'::json
        )
        from ${documentAttachments} a
        where a.document_id = ${documents.id}
      )`,
    })
    .from(documents)
    .innerJoin(documentTypes, eq(documentTypes.id, documents.documentTypeId))
    .where(ownActive(participantId))
    .orderBy(asc(documents.visibleAt), asc(documents.id));
}

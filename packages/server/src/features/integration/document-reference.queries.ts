import { eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import {
  adviceSheetContents,
  adviceSheets,
  documentAttachmentContents,
  documentAttachments,
  documentContents,
  documents,
  documentTypes,
  legalDocuments,
} from '../../db/schema';
import { titleColumns } from '../documents';
import {
  type LegalRow,
  legalId,
  type MedicalDocumentRow,
  type SheetRow,
  sheetId,
} from './document-reference.mapping';

/**
 * What the integration API reads of documents: every document of the centre, whoever it belongs to,
 * held or withdrawn (the back office owns them). The sizes are read from the content tables without the
 * bytes (`octet_length` reads a stored value's header); only `readBinary` loads bytes.
 */

export async function readMedicalDocuments(
  db: DbOrTx,
  ids: readonly number[],
): Promise<MedicalDocumentRow[]> {
  if (ids.length === 0) return [];
  return db
    .select({
      id: documents.id,
      participantId: documents.participantId,
      checkupId: documents.checkupId,
      checkupYear: documents.checkupYear,
      category: documents.category,
      typeId: documentTypes.id,
      typeMode: documentTypes.nameDisplayMode,
      name: documents.name,
      mode: documents.nameDisplayMode,
      ...titleColumns,
      createdAt: documents.createdAt,
      availableFrom: documents.availableFrom,
      active: documents.active,
      version: documents.version,
      updatedAt: documents.updatedAt,
      contentType: documentContents.mimeType,
      size: sql<number | null>`octet_length(${documentContents.content})::int`,
      attachments: sql<MedicalDocumentRow['attachments']>`(
        select coalesce(
          json_agg(
            json_build_object(
              'id', a.id, 'kind', a.kind, 'name', a.name, 'createdAt', a.created_at,
              'size', (select octet_length(c.content) from ${documentAttachmentContents} c where c.attachment_id = a.id)
            )
            order by a.created_at, a.id
          ),
          '[]'::json
        )
        from ${documentAttachments} a
        where a.document_id = ${documents.id}
      )`,
    })
    .from(documents)
    .innerJoin(documentTypes, eq(documentTypes.id, documents.documentTypeId))
    .leftJoin(documentContents, eq(documentContents.documentId, documents.id))
    .where(inArray(documents.id, [...ids]));
}

export async function readSheets(db: DbOrTx, ids: readonly number[]): Promise<SheetRow[]> {
  if (ids.length === 0) return [];
  return db
    .select({
      id: adviceSheets.id,
      name: adviceSheets.name,
      createdAt: adviceSheets.createdAt,
      active: adviceSheets.active,
      version: adviceSheets.version,
      updatedAt: adviceSheets.updatedAt,
      contentType: adviceSheetContents.mimeType,
      size: sql<number | null>`octet_length(${adviceSheetContents.content})::int`,
    })
    .from(adviceSheets)
    .leftJoin(adviceSheetContents, eq(adviceSheetContents.sheetId, adviceSheets.id))
    .where(inArray(adviceSheets.id, [...ids]));
}

/** Data-protection documents: the rows with content (a row without is a folder, not a document). */
export async function readLegalDocuments(db: DbOrTx, ids: readonly number[]): Promise<LegalRow[]> {
  if (ids.length === 0) return [];
  return db
    .select({
      id: legalDocuments.id,
      label: legalDocuments.label,
      folder: sql<
        string | null
      >`(select f.label from ${legalDocuments} f where f.id = ${legalDocuments.parentId})`,
      version: legalDocuments.version,
      updatedAt: legalDocuments.updatedAt,
      contentType: legalDocuments.mimeType,
      size: sql<number | null>`octet_length(${legalDocuments.content})::int`,
    })
    .from(legalDocuments)
    .where(sql`${inArray(legalDocuments.id, [...ids])} and ${legalDocuments.content} is not null`);
}

export type BinaryKind = 'document' | 'attachment' | 'sheet' | 'legal';

export interface StoredBinary {
  contentType: string;
  content: Uint8Array;
  version: number;
  updatedAt: Date;
  /** The DocumentReference it belongs to (Binary.securityContext). */
  documentReference: string;
}

/** The bytes of a document, an attachment (versioned with its document), a sheet or a data-protection PDF. */
export async function readBinary(db: DbOrTx, kind: BinaryKind, id: number): Promise<StoredBinary | null> {
  if (kind === 'document') {
    const [row] = await db
      .select({
        contentType: documentContents.mimeType,
        content: documentContents.content,
        version: documents.version,
        updatedAt: documents.updatedAt,
      })
      .from(documentContents)
      .innerJoin(documents, eq(documents.id, documentContents.documentId))
      .where(eq(documents.id, id));
    return row ? { ...row, documentReference: String(id) } : null;
  }
  if (kind === 'attachment') {
    const [row] = await db
      .select({
        contentType: documentAttachmentContents.mimeType,
        content: documentAttachmentContents.content,
        version: documents.version,
        updatedAt: documents.updatedAt,
        documentId: documents.id,
      })
      .from(documentAttachmentContents)
      .innerJoin(documentAttachments, eq(documentAttachments.id, documentAttachmentContents.attachmentId))
      .innerJoin(documents, eq(documents.id, documentAttachments.documentId))
      .where(eq(documentAttachments.id, id));
    return row ? { ...row, documentReference: String(row.documentId) } : null;
  }
  if (kind === 'sheet') {
    const [row] = await db
      .select({
        contentType: adviceSheetContents.mimeType,
        content: adviceSheetContents.content,
        version: adviceSheets.version,
        updatedAt: adviceSheets.updatedAt,
      })
      .from(adviceSheetContents)
      .innerJoin(adviceSheets, eq(adviceSheets.id, adviceSheetContents.sheetId))
      .where(eq(adviceSheets.id, id));
    return row ? { ...row, documentReference: sheetId(id) } : null;
  }
  const [row] = await db
    .select({
      contentType: legalDocuments.mimeType,
      content: legalDocuments.content,
      version: legalDocuments.version,
      updatedAt: legalDocuments.updatedAt,
    })
    .from(legalDocuments)
    .where(eq(legalDocuments.id, id));
  return row?.content
    ? {
        contentType: row.contentType ?? 'application/pdf',
        content: row.content,
        version: row.version,
        updatedAt: row.updatedAt,
        documentReference: legalId(id),
      }
    : null;
}

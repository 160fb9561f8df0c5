import type { Language } from '@portail/contract/constants';
import {
  DOCUMENT_MESSAGES,
  type DocumentAttachment,
  type DocumentCategory,
  type DocumentContent,
  type DocumentListReply,
  type DocumentRow,
  type documentTypesReply,
} from '@portail/contract/schemas/documents';
import type { z } from 'zod';
import type { Caller } from '../../auth/caller';
import type { Db } from '../../db/client';
import type { AttachmentKind } from '../../db/schema';
import { audit } from '../../lib/audit';
import { HttpError, notFound } from '../../lib/errors';
import { FieldErrors } from '../../lib/field-errors';
import { replyLanguage } from '../../lib/language';
import {
  countDocuments,
  type DocumentFilters,
  findAttachmentContent,
  findDocumentContent,
  type ListedDocument,
  markRead,
  readDocumentPage,
  readDocumentYears,
  readTypesOfCategory,
  type StoredFile,
} from './document.queries';
import { contentReply } from './document-files';
import { type DocumentPageCache, documentPageKey, participantKey } from './document-page-cache';
import { documentLabel, documentShownName } from './document-title';

export type Usage = 'view' | 'download';

/** Who reads, from where (what the audit rows record), and in which language. */
export interface ReadContext {
  db: Db;
  caller: Caller;
  ip: string;
  language: Language;
}

const SORT = /^dateCreation,(ASC|DESC)$/i;

/** docs/documents-and-sheets.md#document-lists: the lists sort on the creation date only, newest first by default. */
export function descendingByDate(sort: string | undefined): boolean {
  const match = SORT.exec(sort ?? 'dateCreation,DESC');
  if (!match) throw new FieldErrors([{ field: 'sort', defaultMessage: 'errors.sort' }]);
  return match[1]?.toUpperCase() === 'DESC';
}

/**
 * When the page is not full it holds the last rows, and the total follows without a count; only a
 * full page (or one past the end) needs one.
 */
export async function totalOf(
  pageLength: number,
  page: { limit: number; offset: number },
  count: () => Promise<number>,
): Promise<number> {
  if (pageLength < page.limit && (pageLength > 0 || page.offset === 0)) return page.offset + pageLength;
  return count();
}

export interface DocumentListQuery {
  page: number;
  size: number;
  sort?: string | undefined;
  categorieExtraciem: DocumentCategory;
  anneeDocuments: number[];
  typesDocuments: number[];
  langue: Language;
}

/** GET document/list (docs/documents-and-sheets.md#document-lists, docs/documents-and-sheets.md#api): the caller's active documents of one category, by page from 1. */
export async function listDocuments(
  db: Db,
  caller: Caller,
  query: DocumentListQuery,
  pages: DocumentPageCache,
): Promise<DocumentListReply> {
  const descending = descendingByDate(query.sort);
  // Admins pass the role check but own no documents.
  if (caller.participantId === null) return { items: [], totalRows: 0, subTotal: 0 };
  const participantId = caller.participantId;
  const language = replyLanguage(caller, query.langue);
  const filters: DocumentFilters = {
    category: query.categorieExtraciem,
    years: query.anneeDocuments,
    typeIds: query.typesDocuments,
  };
  const page = { limit: query.size, offset: (query.page - 1) * query.size };
  const cacheScope = participantKey(participantId);
  const cachePage = documentPageKey(filters, page, descending, language);
  const cached = pages.get(cacheScope, cachePage);
  if (cached) return cached;
  const epoch = pages.begin();
  const reply = await readDocumentList(db, participantId, filters, descending, page, language);
  pages.set(cacheScope, cachePage, reply, epoch);
  return reply;
}

async function readDocumentList(
  db: Db,
  participantId: number,
  filters: DocumentFilters,
  descending: boolean,
  page: { limit: number; offset: number },
  language: Language,
): Promise<DocumentListReply> {
  const rows = await readDocumentPage(db, participantId, filters, descending, page);
  // The rows carry the filter's total; only a page past the end, which has none, needs a count.
  const totalRows =
    rows[0]?.total ?? (page.offset === 0 ? 0 : await countDocuments(db, participantId, filters));
  const items = rows.map((row) => toDocumentRow(row, language));
  return { items, totalRows, subTotal: items.length };
}

/**
 * A listed document as the contract names it (docs/documents-and-sheets.md#document-names Document): both attachment lists by kind, its
 * label in `language`.
 */
export function toDocumentRow(row: ListedDocument, language: Language): DocumentRow {
  const attachmentsOf = (kind: AttachmentKind): DocumentAttachment[] =>
    row.attachments
      .filter((attachment) => attachment.kind === kind)
      .map((attachment) => ({
        id: attachment.id,
        nomDocument: attachment.name,
        dateCreation: new Date(attachment.createdAt).toISOString(),
      }));
  return {
    id: row.id,
    dateCreation: row.createdAt.toISOString(),
    categorieExtraciem: row.category,
    typeDocument: {
      id: row.typeId,
      label: row.typeLabel,
      labelEn: row.typeLabelEn ?? row.typeLabel,
      modeAffichageNomDocument: row.typeNameDisplayMode,
    },
    nomDocument: row.name,
    libelleDocument: documentLabel(row, language),
    modeAffichageNomDocument: row.nameDisplayMode,
    anneeBilan: row.checkupYear,
    documentJointExtraciem: attachmentsOf('EXTRACIEM'),
    documentJointLSExtraciem: attachmentsOf('LS'),
    actif: true,
  };
}

/** GET abstractenum/typedocument/{categorie}: the centre's active types, the same for every caller. */
export async function listDocumentTypes(
  db: Db,
  category: DocumentCategory,
): Promise<z.infer<typeof documentTypesReply>> {
  const rows = await readTypesOfCategory(db, category);
  return rows.map((row) => ({
    id: row.id,
    label: row.label,
    labelEn: row.labelEn ?? row.label,
    modeAffichageNomDocument: row.nameDisplayMode,
  }));
}

/** GET annees-bilans: the years of the caller's active documents, newest first. */
export async function listDocumentYears(db: Db, caller: Caller): Promise<number[]> {
  return caller.participantId === null ? [] : readDocumentYears(db, caller.participantId);
}

const ACTIONS = {
  document: { view: 'DOCUMENT_VIEWED', download: 'DOCUMENT_DOWNLOADED' },
  attachment: { view: 'DOCUMENT_VIEWED', download: 'DOCUMENT_DOWNLOADED' },
  sheet: { view: 'SHEET_VIEWED', download: 'SHEET_DOWNLOADED' },
} as const;

/** Records who read which medical file and how; opening a document takes it off the new documents. */
export async function recordRead(
  ctx: ReadContext,
  target: keyof typeof ACTIONS,
  id: number,
  usage: Usage,
): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    await audit(tx, {
      actorUserId: ctx.caller.userId,
      action: ACTIONS[target][usage],
      targetType: target,
      targetId: id,
      details: { usage },
      ip: ctx.ip,
      // Whose record was opened: the centre answers "who opened my results?" from it (AuditEvent).
      // Documents and attachments are the caller's own (served() found them in the caller's scope);
      // advice sheets are the centre's, nobody's record.
      ...(target !== 'sheet' && ctx.caller.participantId !== null
        ? { participantId: ctx.caller.participantId }
        : {}),
    });
    if (target === 'document') await markRead(tx, [id]);
  });
}

async function served(
  ctx: ReadContext,
  target: 'document' | 'attachment',
  id: number,
  usage: Usage,
  find: (participantId: number) => Promise<StoredFile | null>,
): Promise<DocumentContent> {
  // Another participant's id, an inactive document and an unknown id all answer the same 404.
  const file = ctx.caller.participantId === null ? null : await find(ctx.caller.participantId);
  if (!file) throw notFound();
  await recordRead(ctx, target, id, usage);
  return contentReply(file.name, file.content);
}

/** GET document/{id}/ (docs/documents-and-sheets.md#api). */
export function readDocument(ctx: ReadContext, id: number, usage: Usage): Promise<DocumentContent> {
  // Saved under the title the list shows, not the stored file name (issue 18).
  return served(ctx, 'document', id, usage, async (participantId) => {
    const row = await findDocumentContent(ctx.db, participantId, id);
    return row && { name: documentShownName(row, ctx.language), content: row.content };
  });
}

/** GET document/{id}/ls/: an attachment of either kind, by its own id. */
export function readAttachment(ctx: ReadContext, id: number, usage: Usage): Promise<DocumentContent> {
  return served(ctx, 'attachment', id, usage, (participantId) =>
    findAttachmentContent(ctx.db, participantId, id),
  );
}

/** GET mail (docs/documents-and-sheets.md#send-dialog, the send dialog's "myself"): the caller's own address, as plain text. */
export function ownMail(caller: Caller): string {
  const mail = caller.profile.email?.trim();
  if (!mail) throw new HttpError(404, DOCUMENT_MESSAGES.mailMissing);
  return mail;
}

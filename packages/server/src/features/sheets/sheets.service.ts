import type { DocumentContent, SheetListReply } from '@portail/contract/schemas/documents';
import type { Db } from '../../db/client';
import { notFound } from '../../lib/errors';
import {
  contentReply,
  descendingByDate,
  type ReadContext,
  recordRead,
  totalOf,
  type Usage,
} from '../documents';
import { countSheets, findSheetContent, readSheetPage } from './sheet.queries';

/** GET fiche/list (docs/documents-and-sheets.md#sheets): the active sheets, 20 a page from page 1, newest first by default. */
export async function listSheets(
  db: Db,
  query: { page: number; size: number; sort?: string | undefined },
): Promise<SheetListReply> {
  const descending = descendingByDate(query.sort);
  const page = { limit: query.size, offset: (query.page - 1) * query.size };
  const rows = await readSheetPage(db, descending, page);
  const totalRows = await totalOf(rows.length, page, () => countSheets(db));
  const items = rows.map((row) => ({
    id: row.id,
    dateCreation: row.createdAt.toISOString(),
    nomDocument: row.name,
    nomDocumentEn: row.nameEn ?? row.name,
  }));
  return { items, totalRows, subTotal: items.length };
}

/**
 * GET fiche/{id}/: saved under the title the list shows, in the caller's language (issue 18); a
 * retired or unknown sheet answers 404.
 */
export async function readSheet(ctx: ReadContext, id: number, usage: Usage): Promise<DocumentContent> {
  const file = await findSheetContent(ctx.db, id);
  if (!file) throw notFound();
  await recordRead(ctx, 'sheet', id, usage);
  return contentReply(ctx.language === 'en_EN' ? (file.nameEn ?? file.name) : file.name, file.content);
}

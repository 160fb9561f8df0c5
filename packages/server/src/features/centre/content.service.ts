import { centreInstant } from '@portail/contract/rules/centre-time';
import {
  type legalChange,
  type legalUpload,
  PUBLISHED_PDF_MAX_BYTES,
  type PublishedContent,
  type sheetChange,
  type sheetUpload,
} from '@portail/contract/schemas/centre';
import { asc, desc, eq, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../db/client';
import { adviceSheetContents, adviceSheets, legalDocuments } from '../../db/schema';
import { audit } from '../../lib/audit';
import { centreToday } from '../../lib/dates';
import { notFound } from '../../lib/errors';
import { FieldErrors } from '../../lib/field-errors';
import type { StaffRequest } from './account-support.service';

/** The bytes of an uploaded PDF, or the field error that refuses it (not a PDF, too large, empty). */
function pdfBytes(base64: string): Uint8Array {
  const bytes = Buffer.from(base64, 'base64');
  if (bytes.byteLength > PUBLISHED_PDF_MAX_BYTES) {
    throw new FieldErrors([{ field: 'file', defaultMessage: 'centre.content.tooLarge', args: ['10'] }]);
  }
  // A PDF begins with `%PDF-` (ISO 32000-1, 7.5.2); what does not is refused, whatever its name says.
  if (bytes.byteLength < 8 || bytes.subarray(0, 5).toString('latin1') !== '%PDF-') {
    throw new FieldErrors([{ field: 'file', defaultMessage: 'centre.content.notPdf' }]);
  }
  return new Uint8Array(bytes);
}

/** Everything published, withdrawn items included, for the administrators' screen. */
export async function publishedContent(db: Db): Promise<PublishedContent> {
  const [sheets, legal] = await Promise.all([
    db
      .select({
        id: adviceSheets.id,
        name: adviceSheets.name,
        nameEn: adviceSheets.nameEn,
        createdAt: adviceSheets.createdAt,
        active: adviceSheets.active,
        size: sql<number>`coalesce(octet_length(${adviceSheetContents.content}), 0)::int`,
      })
      .from(adviceSheets)
      .leftJoin(adviceSheetContents, eq(adviceSheetContents.sheetId, adviceSheets.id))
      .orderBy(desc(adviceSheets.createdAt), desc(adviceSheets.id)),
    db
      .select({
        id: legalDocuments.id,
        parentId: legalDocuments.parentId,
        label: legalDocuments.label,
        labelEn: legalDocuments.labelEn,
        sortOrder: legalDocuments.sortOrder,
        active: legalDocuments.active,
        size: sql<number | null>`octet_length(${legalDocuments.content})::int`,
      })
      .from(legalDocuments)
      .orderBy(asc(legalDocuments.sortOrder), asc(legalDocuments.id)),
  ]);
  // Folders in their order, each followed by its documents (a walk of the tree, as the page shows it).
  const childrenOf = new Map<number | null, typeof legal>();
  for (const row of legal) childrenOf.set(row.parentId, [...(childrenOf.get(row.parentId) ?? []), row]);
  const ordered: typeof legal = [];
  const walk = (parentId: number | null, seen: Set<number>) => {
    for (const row of childrenOf.get(parentId) ?? []) {
      if (seen.has(row.id)) continue;
      seen.add(row.id);
      ordered.push(row);
      walk(row.id, seen);
    }
  };
  walk(null, new Set());
  return {
    sheets: sheets.map((row) => ({
      id: row.id,
      name: row.name,
      nameEn: row.nameEn,
      publishedOn: centreToday(row.createdAt),
      active: row.active,
      size: row.size,
    })),
    legal: ordered.map((row) => ({ ...row, folder: row.size === null })),
  };
}

/** Noon at the centre on a day: the list shows that day whatever the reader's time zone. */
const publicationInstant = (day: string) => centreInstant(day, 12);

export async function addSheet(
  db: Db,
  ctx: StaffRequest,
  body: z.output<typeof sheetUpload>,
): Promise<number> {
  const content = pdfBytes(body.file);
  return db.transaction(async (tx) => {
    const [sheet] = await tx
      .insert(adviceSheets)
      .values({
        name: body.name,
        nameEn: body.nameEn,
        createdAt: body.publishedOn ? publicationInstant(body.publishedOn) : new Date(),
        active: true,
      })
      .returning({ id: adviceSheets.id });
    if (!sheet) throw new Error('sheet insert returned no row');
    await tx.insert(adviceSheetContents).values({ sheetId: sheet.id, mimeType: 'application/pdf', content });
    await audit(tx, {
      actorUserId: ctx.caller.userId,
      action: 'CONTENT_SHEET_ADDED',
      targetType: 'sheet',
      targetId: sheet.id,
      details: { name: body.name, nameEn: body.nameEn, bytes: content.byteLength },
      ip: ctx.ip,
    });
    return sheet.id;
  });
}

export async function changeSheet(
  db: Db,
  ctx: StaffRequest,
  id: number,
  body: z.output<typeof sheetChange>,
): Promise<void> {
  await db.transaction(async (tx) => {
    const [before] = await tx.select().from(adviceSheets).where(eq(adviceSheets.id, id)).for('update');
    if (!before) throw notFound();
    const set = {
      ...(body.name !== undefined ? { name: body.name } : {}),
      ...(body.nameEn !== undefined ? { nameEn: body.nameEn } : {}),
      ...(body.publishedOn !== undefined ? { createdAt: publicationInstant(body.publishedOn) } : {}),
      ...(body.active !== undefined ? { active: body.active } : {}),
    };
    if (Object.keys(set).length === 0) return;
    await tx.update(adviceSheets).set(set).where(eq(adviceSheets.id, id));
    await audit(tx, {
      actorUserId: ctx.caller.userId,
      action: 'CONTENT_SHEET_CHANGED',
      targetType: 'sheet',
      targetId: id,
      details: {
        before: { name: before.name, nameEn: before.nameEn, active: before.active },
        after: { ...body },
      },
      ip: ctx.ip,
    });
  });
}

async function lastSortOrder(tx: DbOrTx, parentId: number | null): Promise<number> {
  const [row] = await tx
    .select({ last: sql<number>`coalesce(max(${legalDocuments.sortOrder}), 0)::int` })
    .from(legalDocuments)
    .where(parentId === null ? isNull(legalDocuments.parentId) : eq(legalDocuments.parentId, parentId));
  return row?.last ?? 0;
}

export async function addLegal(
  db: Db,
  ctx: StaffRequest,
  body: z.output<typeof legalUpload>,
): Promise<number> {
  const content = body.file === undefined ? null : pdfBytes(body.file);
  return db.transaction(async (tx) => {
    if (body.parentId !== null) {
      const [parent] = await tx
        .select({ content: legalDocuments.content })
        .from(legalDocuments)
        .where(eq(legalDocuments.id, body.parentId));
      // Documents go in folders: a missing parent, or a document as parent, is the field's error.
      if (!parent || parent.content !== null) {
        throw new FieldErrors([{ field: 'parentId', defaultMessage: 'centre.content.noFolder' }]);
      }
    }
    const [row] = await tx
      .insert(legalDocuments)
      .values({
        parentId: body.parentId,
        label: body.label,
        labelEn: body.labelEn,
        sortOrder: (await lastSortOrder(tx, body.parentId)) + 10,
        mimeType: content ? 'application/pdf' : null,
        content,
      })
      .returning({ id: legalDocuments.id });
    if (!row) throw new Error('legal document insert returned no row');
    await audit(tx, {
      actorUserId: ctx.caller.userId,
      action: 'CONTENT_LEGAL_ADDED',
      targetType: 'legal',
      targetId: row.id,
      details: {
        label: body.label,
        labelEn: body.labelEn,
        folder: content === null,
        bytes: content?.byteLength ?? 0,
      },
      ip: ctx.ip,
    });
    return row.id;
  });
}

export async function changeLegal(
  db: Db,
  ctx: StaffRequest,
  id: number,
  body: z.output<typeof legalChange>,
): Promise<void> {
  await db.transaction(async (tx) => {
    const [before] = await tx
      .select({
        id: legalDocuments.id,
        parentId: legalDocuments.parentId,
        label: legalDocuments.label,
        labelEn: legalDocuments.labelEn,
        active: legalDocuments.active,
        sortOrder: legalDocuments.sortOrder,
      })
      .from(legalDocuments)
      .where(eq(legalDocuments.id, id))
      .for('update');
    if (!before) throw notFound();
    const set = {
      ...(body.label !== undefined ? { label: body.label } : {}),
      ...(body.labelEn !== undefined ? { labelEn: body.labelEn } : {}),
      ...(body.active !== undefined ? { active: body.active } : {}),
    };
    if (Object.keys(set).length > 0)
      await tx.update(legalDocuments).set(set).where(eq(legalDocuments.id, id));
    if (body.move) {
      // Swap places with the neighbour above or below among the same folder's entries.
      const siblings = await tx
        .select({ id: legalDocuments.id, sortOrder: legalDocuments.sortOrder })
        .from(legalDocuments)
        .where(
          before.parentId === null
            ? isNull(legalDocuments.parentId)
            : eq(legalDocuments.parentId, before.parentId),
        )
        .orderBy(asc(legalDocuments.sortOrder), asc(legalDocuments.id));
      const at = siblings.findIndex((row) => row.id === id);
      const other = siblings[body.move === 'up' ? at - 1 : at + 1];
      if (other) {
        // Renumbered in steps of ten, so that two entries never share a place.
        const order = siblings.map((row) => row.id);
        [order[at], order[siblings.indexOf(other)]] = [other.id, id];
        for (const [index, rowId] of order.entries()) {
          await tx
            .update(legalDocuments)
            .set({ sortOrder: (index + 1) * 10 })
            .where(eq(legalDocuments.id, rowId));
        }
      }
    }
    await audit(tx, {
      actorUserId: ctx.caller.userId,
      action: 'CONTENT_LEGAL_CHANGED',
      targetType: 'legal',
      targetId: id,
      details: {
        before: { label: before.label, labelEn: before.labelEn, active: before.active },
        after: { ...body },
      },
      ip: ctx.ip,
    });
  });
}

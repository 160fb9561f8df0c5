import { and, asc, count, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { adviceSheetContents, adviceSheets } from '../../db/schema';
import type { StoredFile } from '../documents';

/** Advice sheets are the centre's, the same for everyone: active ones only, no owner to scope by. */
export function readSheetPage(db: Db, descending: boolean, page: { limit: number; offset: number }) {
  const order = descending ? desc : asc;
  return db
    .select({
      id: adviceSheets.id,
      createdAt: adviceSheets.createdAt,
      name: adviceSheets.name,
      nameEn: adviceSheets.nameEn,
    })
    .from(adviceSheets)
    .where(eq(adviceSheets.active, true))
    .orderBy(order(adviceSheets.createdAt), order(adviceSheets.id))
    .limit(page.limit)
    .offset(page.offset);
}

export async function countSheets(db: Db): Promise<number> {
  const [row] = await db.select({ total: count() }).from(adviceSheets).where(eq(adviceSheets.active, true));
  return row?.total ?? 0;
}

/** A sheet's titles (the English one null when the centre gave none) and bytes, if it is active. */
export async function findSheetContent(
  db: Db,
  sheetId: number,
): Promise<(StoredFile & { nameEn: string | null }) | null> {
  const [row] = await db
    .select({ name: adviceSheets.name, nameEn: adviceSheets.nameEn, content: adviceSheetContents.content })
    .from(adviceSheets)
    .innerJoin(adviceSheetContents, eq(adviceSheetContents.sheetId, adviceSheets.id))
    .where(and(eq(adviceSheets.id, sheetId), eq(adviceSheets.active, true)))
    .limit(1);
  return row ?? null;
}

/** Every active sheet's id and titles, oldest first, without content ("my data" reads each one after). */
export function listActiveSheets(db: Db) {
  return db
    .select({ id: adviceSheets.id, name: adviceSheets.name, nameEn: adviceSheets.nameEn })
    .from(adviceSheets)
    .where(eq(adviceSheets.active, true))
    .orderBy(asc(adviceSheets.createdAt), asc(adviceSheets.id));
}

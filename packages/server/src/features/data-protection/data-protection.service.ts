import type { DocumentCiem, DocumentCiemNode } from '@portail/contract/schemas/legal';
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { legalDocuments } from '../../db/schema';

type Row = typeof legalDocuments.$inferSelect;

const toDocument = (row: Row): DocumentCiem => ({
  id: row.id,
  libelle: row.label,
  libelleEn: row.labelEn,
  data: row.content ? Buffer.from(row.content).toString('base64') : null,
});

/**
 * The tree the page shows: the top-level rows in their order, each folder with the documents below
 * it. The table allows deeper folders; their documents are listed under their top-level folder, in
 * the order of a depth-first walk, so that none is lost. Empty folders are left out.
 */
export async function dataProtectionTree(db: Db): Promise<DocumentCiemNode[]> {
  // What the centre withdrew is not shown; the documents of a withdrawn folder are never reached.
  const rows = await db
    .select()
    .from(legalDocuments)
    .where(eq(legalDocuments.active, true))
    .orderBy(asc(legalDocuments.sortOrder), asc(legalDocuments.id));
  const childrenOf = new Map<number | null, Row[]>();
  for (const row of rows) {
    const siblings = childrenOf.get(row.parentId) ?? [];
    siblings.push(row);
    childrenOf.set(row.parentId, siblings);
  }
  const documentsBelow = (id: number, seen: Set<number>): Row[] =>
    (childrenOf.get(id) ?? []).flatMap((child) => {
      if (seen.has(child.id)) return [];
      seen.add(child.id);
      return [...(child.content ? [child] : []), ...documentsBelow(child.id, seen)];
    });
  return (childrenOf.get(null) ?? []).flatMap((root): DocumentCiemNode[] => {
    const children = documentsBelow(root.id, new Set([root.id])).map(toDocument);
    if (!root.content && children.length === 0) return [];
    return [{ ...toDocument(root), children }];
  });
}

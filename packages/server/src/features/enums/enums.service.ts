import { type EnumItem, type EnumQuery, isCreatableEnum, isEnumName } from '@portail/contract/schemas/enums';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Caller } from '../../auth/caller';
import type { Db } from '../../db/client';
import { enumItems } from '../../db/schema';
import { audit } from '../../lib/audit';
import { forbidden, notFound } from '../../lib/errors';

const COLUMNS = {
  id: enumItems.id,
  label: enumItems.label,
  labelEn: enumItems.labelEn,
  code: enumItems.code,
  active: enumItems.active,
  sortOrder: enumItems.sortOrder,
  extra: enumItems.extra,
};
interface EnumRow {
  id: number;
  label: string;
  labelEn: string | null;
  code: string | null;
  active: boolean;
  sortOrder: number;
  extra: Record<string, unknown> | null;
}

const frenchOrder = new Intl.Collator('fr');

function toEnumItem(row: EnumRow): EnumItem {
  const extra = row.extra ?? {};
  return {
    id: row.id,
    label: row.label,
    labelEn: row.labelEn ?? row.label,
    raccourci: row.code,
    actif: row.active,
    ...(typeof extra.unionEuropeenne === 'boolean' ? { unionEuropeenne: extra.unionEuropeenne } : {}),
    ...(typeof extra.indicatif === 'string' ? { indicatif: extra.indicatif } : {}),
    ...(typeof extra.correspondant === 'boolean' ? { correspondant: extra.correspondant } : {}),
  };
}

/**
 * The items of one list in its own order (sort_order, then label: the namespace index answers it).
 * `actif` given keeps the items in that state; absent keeps all.
 */
export async function listEnumItems(db: Db, name: string, query: EnumQuery): Promise<EnumItem[]> {
  if (!isEnumName(name)) throw notFound();
  const rows = await db
    .select(COLUMNS)
    .from(enumItems)
    .where(
      and(
        eq(enumItems.namespace, name),
        query.actif === undefined ? undefined : eq(enumItems.active, query.actif),
      ),
    )
    .orderBy(asc(enumItems.sortOrder), asc(enumItems.label));
  // The database's collation may not be French: a label order is made here, on a few hundred rows.
  if (query.sort === 'label') rows.sort((a, b) => frenchOrder.compare(a.label, b.label));
  if (query.sort === 'id') rows.sort((a, b) => a.id - b.id);
  return rows.map(toEnumItem);
}

/** Case, accents and repeated spaces do not make a new value: `RÉSIDENCE` is `Residence`. */
function comparable(label: string): string {
  return label.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim();
}

/**
 * `PUT {namespace}` (000 §7): adds a value to a list users may extend, or returns the value already
 * there under the same label, so that two users typing the same street type get one item.
 */
export async function createEnumItem(
  db: Db,
  caller: Caller,
  name: string,
  label: string,
  ip: string,
): Promise<EnumItem> {
  if (!isEnumName(name)) throw notFound();
  // The centre's own lists (countries, check-up types...) are not extended from the portal.
  if (!isCreatableEnum(name)) throw forbidden();
  return db.transaction(async (tx) => {
    // Serialises creations in this list across instances: two identical labels cannot both insert.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`enum_items:${name}`}))`);
    const rows = await tx.select(COLUMNS).from(enumItems).where(eq(enumItems.namespace, name));
    const wanted = comparable(label);
    const existing = rows.find((row) => comparable(row.label) === wanted);
    if (existing) return toEnumItem(existing);
    // After the existing items, so a new value never jumps to the top of the dropdown.
    const sortOrder = rows.reduce((max, row) => Math.max(max, row.sortOrder), -1) + 1;
    const [created] = await tx
      .insert(enumItems)
      .values({ namespace: name, label, labelEn: label, sortOrder })
      .returning(COLUMNS);
    if (!created) throw new Error('enum item insert returned no row');
    await audit(tx, {
      actorUserId: caller.userId,
      action: 'ENUM_ITEM_CREATED',
      targetType: 'enum_item',
      targetId: created.id,
      details: { namespace: name, label },
      ip,
    });
    return toEnumItem(created);
  });
}

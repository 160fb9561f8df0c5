import {
  ENUM_ADDITIONS_PER_DAY,
  ENUM_MESSAGES,
  type EnumItem,
  type EnumQuery,
  isCreatableEnum,
  isEnumName,
} from '@portail/contract/schemas/enums';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Caller } from '../../auth/caller';
import { scopeKey } from '../../auth/scope';
import { enforce } from '../../auth/throttle';
import type { Db } from '../../db/client';
import { enumItems } from '../../db/schema';
import { audit } from '../../lib/audit';
import { forbidden, notFound } from '../../lib/errors';
import { callerReach, type Reach, visibleTo } from './enum-reach';

const DAY_S = 24 * 60 * 60;

const COLUMNS = {
  id: enumItems.id,
  label: enumItems.label,
  labelEn: enumItems.labelEn,
  code: enumItems.code,
  active: enumItems.active,
  sortOrder: enumItems.sortOrder,
  extra: enumItems.extra,
  pending: enumItems.pending,
};
interface EnumRow {
  id: number;
  label: string;
  labelEn: string | null;
  code: string | null;
  active: boolean;
  sortOrder: number;
  extra: Record<string, unknown> | null;
  pending: boolean;
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
    ...(row.pending ? { enAttente: true as const } : {}),
  };
}

/**
 * The items of one list in its own order (sort_order, then label: the namespace index answers it).
 * `actif` given keeps the items in that state; absent keeps all. A value still waiting for the
 * centre's approval is listed only where its author's reach overlaps the caller's (enum-reach.ts).
 */
export async function listEnumItems(
  db: Db,
  caller: Caller,
  name: string,
  query: EnumQuery,
): Promise<EnumItem[]> {
  if (!isEnumName(name)) throw notFound();
  // Only the lists users extend hold pending values: the others need no look-up of the caller's reach.
  const visible = isCreatableEnum(name) ? visibleTo(await callerReach(db, caller)) : undefined;
  const rows = await db
    .select(COLUMNS)
    .from(enumItems)
    .where(
      and(
        eq(enumItems.namespace, name),
        query.actif === undefined ? undefined : eq(enumItems.active, query.actif),
        visible,
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

/** Who owns a new value: the author's reach, or nothing for the centre's staff (published at once). */
function ownerColumns(reach: Reach | 'all' | null, caller: Caller) {
  if (reach === 'all' || reach === null) return { pending: false, createdBy: caller.userId };
  return {
    pending: true,
    createdBy: caller.userId,
    ownerLevel: reach.level,
    ownerEstablishmentId: reach.establishmentId,
    ownerCompanyId: reach.companyId,
    ownerGroupId: reach.groupId,
  };
}

/** The throttle key of a reach's additions to a list: `enum:typeVoie:E12`. */
function additionsKey(name: string, reach: Reach): string {
  const id =
    reach.level === 'ETABLISSEMENT'
      ? reach.establishmentId
      : reach.level === 'ENTREPRISE'
        ? reach.companyId
        : reach.groupId;
  return `enum:${name}:${scopeKey(reach.level, id ?? 0)}`;
}

/**
 * `PUT {namespace}` (docs/interface-conventions.md#reference-lists): adds a value to a list users may extend, or returns the value the caller
 * already sees under the same label, so that two users of one reach typing the same street type get
 * one item. A correspondant's value waits for the centre's approval, listed meanwhile to their reach
 * only, and a reach adds at most ENUM_ADDITIONS_PER_DAY values a day (429 past that); the centre's
 * staff publish at once.
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
    const reach = await callerReach(tx, caller);
    const rows = await tx
      .select(COLUMNS)
      .from(enumItems)
      .where(and(eq(enumItems.namespace, name), visibleTo(reach)));
    const wanted = comparable(label);
    const existing = rows.find((row) => comparable(row.label) === wanted);
    if (existing) return toEnumItem(existing);
    // Counted in the transaction: a refused or failed addition rolls its hit back, so only values
    // actually added count against the day's limit.
    if (reach !== 'all' && reach !== null)
      await enforce(
        tx,
        [[additionsKey(name, reach), { limit: ENUM_ADDITIONS_PER_DAY, windowS: DAY_S }]],
        ENUM_MESSAGES.additionsLimit,
      );
    // After the existing items, so a new value never jumps to the top of the dropdown.
    const [last] = await tx
      .select({ max: sql<number>`coalesce(max(${enumItems.sortOrder}), -1)` })
      .from(enumItems)
      .where(eq(enumItems.namespace, name));
    const [created] = await tx
      .insert(enumItems)
      .values({
        namespace: name,
        label,
        labelEn: label,
        sortOrder: Number(last?.max ?? -1) + 1,
        ...ownerColumns(reach, caller),
      })
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

/** `POST {namespace}/approbation` (the centre's staff): a pending value is listed to everyone from now on. */
export async function approveEnumItem(
  db: Db,
  caller: Caller,
  name: string,
  id: number,
  ip: string,
): Promise<EnumItem> {
  if (!isEnumName(name)) throw notFound();
  if (!isCreatableEnum(name)) throw forbidden();
  return db.transaction(async (tx) => {
    const [approved] = await tx
      .update(enumItems)
      .set({ pending: false })
      .where(and(eq(enumItems.id, id), eq(enumItems.namespace, name), eq(enumItems.pending, true)))
      .returning(COLUMNS);
    if (!approved) throw notFound();
    await audit(tx, {
      actorUserId: caller.userId,
      action: 'ENUM_ITEM_APPROVED',
      targetType: 'enum_item',
      targetId: approved.id,
      details: { namespace: name, label: approved.label },
      ip,
    });
    return toEnumItem(approved);
  });
}

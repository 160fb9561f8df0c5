import type { ParticipantSortField } from '@portail/contract/schemas/participants';
import { and, asc, desc, eq, gt, inArray, isNotNull, isNull, lt, or, type SQL, sql } from 'drizzle-orm';
import type { Caller } from '../../auth/caller';
import { scopeCondition } from '../../auth/scope';
import type { DbOrTx } from '../../db/client';
import { participants } from '../../db/schema';
import { filterConditions, type ListFilters, rowColumns, scopedColumns } from './participant-list.queries';

/**
 * The participants a bulk action names (issue 22, docs/participants.md#bulk-actions): ticked ids or
 * the list's filter, always inside the caller's scope (the list's own scope and filter conditions), so
 * another scope's id is found exactly like an id no one has: not at all.
 */
export type Selection = { ids: readonly number[] } | { filters: ListFilters };

/** The condition of a selection: the scope, then the ids or the list's filters (active only by default). */
export function selectionCondition(caller: Caller, selection: Selection): SQL | undefined {
  const scope = scopeCondition(caller, scopedColumns);
  if ('ids' in selection) return and(scope, inArray(participants.id, [...selection.ids]));
  const { filters } = selection;
  return and(
    scope,
    ...filterConditions(filters),
    filters.activeOnly ? eq(participants.active, true) : undefined,
  );
}

/** The ids a selection names in the caller's scope, at most `max` + 1 (to tell a selection too large). */
export async function selectedIds(
  db: DbOrTx,
  caller: Caller,
  selection: Selection,
  max: number,
): Promise<number[]> {
  const rows = await db
    .select({ id: participants.id })
    .from(participants)
    .where(selectionCondition(caller, selection))
    .orderBy(asc(participants.id))
    .limit(max + 1);
  return rows.map((row) => row.id);
}

/** The names of the given participants the caller reaches, by id (others are absent). */
export async function namesInScope(
  db: DbOrTx,
  caller: Caller,
  ids: readonly number[],
): Promise<Map<number, { nom: string; prenom: string }>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: participants.id, nom: participants.lastName, prenom: participants.firstName })
    .from(participants)
    .where(selectionCondition(caller, { ids }));
  return new Map(rows.map(({ id, ...name }) => [id, name]));
}

/** A participant as the workbook shows them: the list's own row (its status included). */
export const exportColumns = rowColumns;
export interface ExportRecord {
  id: number;
  actif: boolean;
  civilite: number | null;
  nom: string;
  prenom: string;
  dateNaissance: string;
  mail: string | null;
  mutationEnCours: boolean;
  bilanEnCours: boolean;
  raisonSocialeEntreprise: string;
  idEntreprise: number;
  idEtablissement: number;
}

/** The order of an export: one of the list's sort keys and its direction, ties broken by id. */
export interface SelectionOrder {
  field: ParticipantSortField;
  descending: boolean;
}

/**
 * After `last` in `order`, as the list sorts: ascending puts empty values (a participant without a mail)
 * last, descending first, PostgreSQL's own default, and ties go by id in the same direction.
 */
function afterRow(order: SelectionOrder, last: ExportRecord): SQL | undefined {
  const column = rowColumns[order.field];
  const id = participants.id;
  const value = last[order.field];
  const beyond = order.descending ? lt : gt;
  if (order.field === 'id') return beyond(id, last.id);
  // A column never empty: one row comparison, which an index on (…, column, id) reads as a range.
  if (column.notNull)
    return order.descending
      ? sql`(${column}, ${id}) < (${value}, ${last.id})`
      : sql`(${column}, ${id}) > (${value}, ${last.id})`;
  if (value === null)
    return order.descending
      ? or(and(isNull(column), beyond(id, last.id)), isNotNull(column))
      : and(isNull(column), beyond(id, last.id));
  return or(
    beyond(column, value),
    and(eq(column, value), beyond(id, last.id)),
    order.descending ? undefined : isNull(column),
  );
}

/**
 * One batch of a selection in the order the list shows (company name, then id, by default), after
 * `last`: a keyset on the sort key and the id, so each batch costs what it reads whatever its place in
 * the export (the default order is an index range; another sorts the selection's rows, a scope's at most).
 */
export async function readSelectionBatch(
  db: DbOrTx,
  caller: Caller,
  selection: Selection,
  order: SelectionOrder,
  limit: number,
  last?: ExportRecord,
): Promise<ExportRecord[]> {
  const direction = order.descending ? desc : asc;
  const column = rowColumns[order.field];
  return db
    .select(exportColumns)
    .from(participants)
    .where(and(selectionCondition(caller, selection), last ? afterRow(order, last) : undefined))
    .orderBy(...(order.field === 'id' ? [] : [direction(column)]), direction(participants.id))
    .limit(limit);
}

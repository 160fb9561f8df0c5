import { and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
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

/**
 * One batch of a selection in the list's default order (company name, then id), after `last`: a
 * keyset on the two sort keys, so each batch costs what it reads whatever its place in the export.
 */
export async function readSelectionBatch(
  db: DbOrTx,
  caller: Caller,
  selection: Selection,
  limit: number,
  last?: Pick<ExportRecord, 'raisonSocialeEntreprise' | 'id'>,
): Promise<ExportRecord[]> {
  const after = last
    ? sql`(${participants.companyName}, ${participants.id}) > (${last.raisonSocialeEntreprise}, ${last.id})`
    : undefined;
  return db
    .select(exportColumns)
    .from(participants)
    .where(and(selectionCondition(caller, selection), after))
    .orderBy(asc(participants.companyName), asc(participants.id))
    .limit(limit);
}

import { stripAccents } from '@portail/contract/rules/participant';
import type { ParticipantRow, ParticipantSortField } from '@portail/contract/schemas/participants';
import { and, asc, count, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Caller, ScopeLevel } from '../../auth/caller';
import { scopeCondition, scopeIdOf, scopeKey } from '../../auth/scope';
import type { Db } from '../../db/client';
import { participantCounts, participants } from '../../db/schema';
import { escapeLike, foldedSql } from '../../lib/text-search';
import type { ParticipantPageCache } from './participant-page-cache';

/** The participant list's filters once parsed (docs/participants.md#list). */
export interface ListFilters {
  activeOnly: boolean;
  /** Already normalised with normaliseLastName. */
  lastNamePrefix?: string | undefined;
  firstNamePrefix?: string | undefined;
  id?: number | undefined;
  /** One company or establishment of the scope (scoped like every condition: another's matches none). */
  companyId?: number | undefined;
  establishmentId?: number | undefined;
}

export interface ListPage {
  offset: number;
  limit: number;
  field: ParticipantSortField;
  descending: boolean;
}

export const scopedColumns = {
  participantId: participants.id,
  establishmentId: participants.establishmentId,
  companyId: participants.companyId,
  groupId: participants.groupId,
};

/** Only the row's own columns: civility is an id (the web labels it from enum/civilite), no join. */
export const rowColumns = {
  id: participants.id,
  actif: participants.active,
  civilite: participants.civilityId,
  nom: participants.lastName,
  prenom: participants.firstName,
  dateNaissance: participants.birthDate,
  mail: participants.email,
  mutationEnCours: participants.transferInProgress,
  bilanEnCours: participants.checkupInProgress,
  raisonSocialeEntreprise: participants.companyName,
  idEntreprise: participants.companyId,
  idEtablissement: participants.establishmentId,
};

const SORT_COLUMNS: Record<ParticipantSortField, PgColumn> = {
  raisonSocialeEntreprise: participants.companyName,
  id: participants.id,
  nom: participants.lastName,
  prenom: participants.firstName,
  dateNaissance: participants.birthDate,
  mail: participants.email,
};

const likePrefix = (text: string) => `${escapeLike(text)}%`;

export function filterConditions(filters: ListFilters): SQL[] {
  const out: SQL[] = [];
  if (filters.lastNamePrefix)
    out.push(sql`${participants.lastName} like ${likePrefix(filters.lastNamePrefix)}`);
  if (filters.firstNamePrefix) {
    const folded = stripAccents(filters.firstNamePrefix).toUpperCase();
    out.push(sql`${foldedSql(participants.firstName)} like ${likePrefix(folded)}`);
  }
  if (filters.id !== undefined) out.push(eq(participants.id, filters.id));
  if (filters.companyId !== undefined) out.push(eq(participants.companyId, filters.companyId));
  if (filters.establishmentId !== undefined)
    out.push(eq(participants.establishmentId, filters.establishmentId));
  return out;
}

/** A correspondant's whole scope, unfiltered: its total is kept in participant_counts. */
function countedScope(caller: Caller, filters: ListFilters): boolean {
  return (
    caller.participantId === null &&
    caller.correspondant !== null &&
    !filters.lastNamePrefix &&
    !filters.firstNamePrefix &&
    filters.id === undefined &&
    filters.companyId === undefined &&
    filters.establishmentId === undefined
  );
}

function countCondition(caller: Caller, filters: ListFilters): SQL | undefined {
  const scope = caller.correspondant;
  if (!scope) return sql`false`;
  const scopeId = scopeIdOf(scope);
  if (scopeId === null) return sql`false`;
  return and(
    eq(participantCounts.scopeLevel, scope.level),
    eq(participantCounts.scopeId, scopeId),
    filters.activeOnly ? eq(participantCounts.active, true) : undefined,
  );
}

/**
 * The queries of one page of the caller's participants and of the total of the filtered scope, built
 * but not run (the plan test explains them as they are).
 *
 * The default order (company name, then id) is the order of the participants_{establishment,company,
 * group}_list_idx indexes after the scope column and `active`, so a page is an index range scan
 * stopped by the limit, and the total of a whole scope is its counter (participant_counts) while a
 * search counts from the index alone: their cost follows the page, not the size of the scope or of
 * the centre. With inactive participants included, the same order is kept by reading
 * the active and the inactive range of the index separately, each stopped at offset + limit, and
 * merging them (Merge Append); a plain `order by` over both would sort the whole scope.
 */
export function participantListQueries(db: Db, caller: Caller, filters: ListFilters, page: ListPage) {
  const scope = scopeCondition(caller, scopedColumns);
  const conditions = [scope, ...filterConditions(filters)];
  const direction = page.descending ? desc : asc;
  const column = SORT_COLUMNS[page.field];
  // Ties (same company, same name...) are broken by id in the same direction, so pages never overlap.
  const order =
    column === participants.id ? [direction(column)] : [direction(column), direction(participants.id)];
  const byActive = (active: boolean) => and(...conditions, eq(participants.active, active));
  const where = filters.activeOnly ? byActive(true) : and(...conditions);
  const total = countedScope(caller, filters)
    ? db
        .select({ n: sql<number>`coalesce(sum(${participantCounts.n}), 0)::int` })
        .from(participantCounts)
        .where(countCondition(caller, filters))
    : db.select({ n: count() }).from(participants).where(where);

  if (filters.activeOnly || page.field !== 'raisonSocialeEntreprise') {
    const items = db
      .select(rowColumns)
      .from(participants)
      .where(where)
      .orderBy(...order)
      .limit(page.limit)
      .offset(page.offset);
    return { items, total };
  }
  const branch = (active: boolean) =>
    db
      .select(rowColumns)
      .from(participants)
      .where(byActive(active))
      .orderBy(...order)
      .limit(page.offset + page.limit);
  // Each branch keeps its own order by and limit (drizzle parenthesises them).
  const merged = branch(true).unionAll(branch(false)).as('merged');
  const items = db
    .select()
    .from(merged)
    .orderBy(direction(merged.raisonSocialeEntreprise), direction(merged.id))
    .limit(page.limit)
    .offset(page.offset);
  return { items, total };
}

const SCOPE_COLUMNS = {
  ETABLISSEMENT: participants.establishmentId,
  ENTREPRISE: participants.companyId,
  GROUPEMENT: participants.groupId,
} as const;

/**
 * The list's most frequent call, a correspondant's active participants without a search, as one
 * prepared statement: the scope's counter joined to the page (lateral), so one round trip and no
 * planning per call. One statement per scope level and order; node-postgres prepares it once per
 * connection under its name.
 */
function scopePageStatement(db: Db, level: ScopeLevel, page: Pick<ListPage, 'field' | 'descending'>) {
  const direction = page.descending ? desc : asc;
  const column = SORT_COLUMNS[page.field];
  const order =
    column === participants.id ? [direction(column)] : [direction(column), direction(participants.id)];
  const totals = db
    .select({ total: sql<number>`coalesce(sum(${participantCounts.n}), 0)::int`.as('total') })
    .from(participantCounts)
    .where(
      and(
        eq(participantCounts.scopeLevel, level),
        eq(participantCounts.scopeId, sql.placeholder('scopeId')),
        eq(participantCounts.active, true),
      ),
    )
    .as('totals');
  const rows = db
    .select(rowColumns)
    .from(participants)
    .where(and(eq(SCOPE_COLUMNS[level], sql.placeholder('scopeId')), eq(participants.active, true)))
    .orderBy(...order)
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .as('page');
  return db
    .select({
      total: totals.total,
      id: rows.id,
      actif: rows.actif,
      civilite: rows.civilite,
      nom: rows.nom,
      prenom: rows.prenom,
      dateNaissance: rows.dateNaissance,
      mail: rows.mail,
      mutationEnCours: rows.mutationEnCours,
      bilanEnCours: rows.bilanEnCours,
      raisonSocialeEntreprise: rows.raisonSocialeEntreprise,
      idEntreprise: rows.idEntreprise,
      idEtablissement: rows.idEtablissement,
    })
    .from(totals)
    .leftJoinLateral(rows, sql`true`)
    .prepare(`participant_page_${level}_${page.field}_${page.descending ? 'desc' : 'asc'}`);
}

type ScopePageStatement = ReturnType<typeof scopePageStatement>;
const statements = new WeakMap<Db, Map<string, ScopePageStatement>>();

function preparedScopePage(db: Db, level: ScopeLevel, page: ListPage): ScopePageStatement {
  const byKey = statements.get(db) ?? new Map<string, ScopePageStatement>();
  statements.set(db, byKey);
  const key = `${level}:${page.field}:${page.descending}`;
  let statement = byKey.get(key);
  if (!statement) {
    statement = scopePageStatement(db, level, page);
    byKey.set(key, statement);
  }
  return statement;
}

export async function listParticipants(
  db: Db,
  caller: Caller,
  filters: ListFilters,
  page: ListPage,
  pages: ParticipantPageCache,
): Promise<{ items: ParticipantRow[]; totalRows: number }> {
  const scope = caller.correspondant;
  if (scope && filters.activeOnly && countedScope(caller, filters)) {
    const scopeId = scopeIdOf(scope);
    if (scopeId === null) return { items: [], totalRows: 0 };
    const cacheScope = scopeKey(scope.level, scopeId);
    const cachePage = `${page.field}:${page.descending ? 'd' : 'a'}:${page.offset}:${page.limit}`;
    const cached = pages.get(cacheScope, cachePage);
    if (cached) return cached;
    const epoch = pages.begin();
    const result = await preparedScopePage(db, scope.level, page).execute({
      scopeId,
      limit: page.limit,
      offset: page.offset,
    });
    const items: ParticipantRow[] = [];
    for (const { total: _total, ...row } of result) {
      // The lateral join's row is all null only when the page is empty; otherwise it is a whole row.
      if (row.id !== null) items.push(row as ParticipantRow);
    }
    const found = { items, totalRows: result[0]?.total ?? 0 };
    pages.set(cacheScope, cachePage, found, epoch);
    return found;
  }
  const queries = participantListQueries(db, caller, filters, page);
  const [items, total] = await Promise.all([queries.items, queries.total]);
  return { items, totalRows: total[0]?.n ?? 0 };
}

import type {
  CHECKUP_SORT_FIELDS,
  CheckupFilters,
  CheckupRow,
  CheckupState,
  HISTORY_SORT_FIELDS,
} from '@portail/contract/schemas/checkups';
import {
  and,
  asc,
  count,
  desc,
  eq,
  gt,
  gte,
  isNotNull,
  isNull,
  lt,
  lte,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { PgColumn, PgSelect } from 'drizzle-orm/pg-core';
import type { Caller } from '../../auth/caller';
import { scopeCondition } from '../../auth/scope';
import type { Db } from '../../db/client';
import { checkups, participants } from '../../db/schema';
import type { CheckupState as DbCheckupState } from '../../db/schema/checkups';

export type CheckupSortField = (typeof CHECKUP_SORT_FIELDS)[number];
export type HistorySortField = (typeof HISTORY_SORT_FIELDS)[number];

export interface Sort<F extends string> {
  field: F;
  descending: boolean;
}

/** The stored state and its wire name (docs/checkups.md#states). */
export const STATE_TO_WIRE: Record<DbCheckupState, CheckupState> = {
  IN_PROGRESS: 'EN_COURS',
  CLOSED: 'CLOTURE',
  INVOICED: 'FACTURE',
};
const WIRE_TO_STATE: Record<CheckupState, DbCheckupState> = {
  EN_COURS: 'IN_PROGRESS',
  CLOTURE: 'CLOSED',
  FACTURE: 'INVOICED',
};

const checkupScope = {
  establishmentId: checkups.establishmentId,
  companyId: checkups.companyId,
  groupId: checkups.groupId,
};
const participantScope = {
  establishmentId: participants.establishmentId,
  companyId: participants.companyId,
  groupId: participants.groupId,
};

/**
 * The caller's check-ups whose first appointment falls within the range (of the state, if given):
 * the scope column, the date range and the state are the key of checkups_{establishment,company,
 * group}_idx, in that order.
 */
function checkupConditions(caller: Caller, filters: CheckupFilters): SQL | undefined {
  return and(
    scopeCondition(caller, checkupScope),
    gte(checkups.firstAppointmentDate, filters.dateDebut),
    lte(checkups.firstAppointmentDate, filters.dateFin),
    filters.etatBilan ? eq(checkups.state, WIRE_TO_STATE[filters.etatBilan]) : undefined,
    filters.idEntreprise === undefined ? undefined : eq(checkups.companyId, filters.idEntreprise),
    filters.idEtablissement === undefined ? undefined : eq(checkups.establishmentId, filters.idEtablissement),
  );
}

/** States sort in their life-cycle order (docs/checkups.md#states), whatever the database's collation. */
const STATE_ORDER: DbCheckupState[] = ['IN_PROGRESS', 'CLOSED', 'INVOICED'];
const STATE_RANK = sql`(case ${checkups.state} when 'IN_PROGRESS' then 0 when 'CLOSED' then 1 else 2 end)`;

/** One sort key: its column, whether it may be null, and the row value it reads for a keyset. */
interface SortKey<R> {
  column: PgColumn | SQL;
  nullable: boolean;
  value: (row: R) => string | number | null;
}

/**
 * The keyset condition "comes after `last`" for `order by k1, k2, ..., id` all in one direction, with
 * PostgreSQL's default null placement (last when ascending, first when descending), so the export
 * reads the exact order of the list, batch after batch, without an offset.
 */
function after<R>(keys: SortKey<R>[], last: R, descending: boolean): SQL | undefined {
  const [key, ...rest] = keys;
  if (!key) return undefined;
  const value = key.value(last);
  // A column or an expression: drizzle's operators take either (one overload each).
  const column = key.column as SQL;
  const equal = value === null ? isNull(column) : eq(column, value);
  let beyond: SQL | undefined;
  if (value === null) beyond = descending ? isNotNull(column) : sql`false`;
  else {
    const strictly = descending ? lt(column, value) : gt(column, value);
    beyond = key.nullable && !descending ? or(strictly, isNull(column)) : strictly;
  }
  if (rest.length === 0) return beyond;
  return or(beyond, and(equal, after(rest, last, descending)));
}

function orderOf<R>(keys: SortKey<R>[], descending: boolean): SQL[] {
  const direction = descending ? desc : asc;
  return keys.map((key) => direction(key.column));
}

/** Which rows of a list: a page of the screen (offset) or the export's next batch (after `last`). */
export interface Window<R> {
  limit: number;
  offset?: number;
  last?: R;
}

/** The rows of `query` that match `conditions`, in the keys' order, within the window. */
function page<Q extends PgSelect, R>(
  query: Q,
  conditions: SQL | undefined,
  keys: SortKey<R>[],
  descending: boolean,
  window: Window<R>,
): Q {
  const rows = query
    .where(and(conditions, window.last ? after(keys, window.last, descending) : undefined))
    .orderBy(...orderOf(keys, descending))
    .limit(window.limit);
  return window.offset ? rows.offset(window.offset) : rows;
}

const key = <R>(column: PgColumn | SQL, nullable: boolean, value: (row: R) => string | number | null) => ({
  column,
  nullable,
  value,
});

const CHECKUP_KEYS: Record<CheckupSortField, SortKey<CheckupRow>[]> = {
  datePremierRdv: [key(checkups.firstAppointmentDate, true, (r) => r.datePremierRdv)],
  id: [],
  nom: [key(participants.lastName, false, (r) => r.nom), key(participants.firstName, false, (r) => r.prenom)],
  dateCloture: [key(checkups.closingDate, true, (r) => r.dateCloture)],
  dateFacturation: [key(checkups.billingDate, true, (r) => r.dateFacturation)],
  etatBilan: [key(STATE_RANK, false, (r) => STATE_ORDER.indexOf(WIRE_TO_STATE[r.etatBilan]))],
};

/** The id breaks ties in the same direction, so pages never overlap. */
function checkupKeys(field: CheckupSortField): SortKey<CheckupRow>[] {
  return [...CHECKUP_KEYS[field], key(checkups.id, false, (r) => r.id)];
}

const checkupColumns = {
  id: checkups.id,
  idParticipant: checkups.participantId,
  nom: participants.lastName,
  prenom: participants.firstName,
  datePremierRdv: checkups.firstAppointmentDate,
  dateCloture: checkups.closingDate,
  dateFacturation: checkups.billingDate,
  state: checkups.state,
  idEntreprise: checkups.companyId,
  idEtablissement: checkups.establishmentId,
};

type CheckupRecord = Omit<CheckupRow, 'etatBilan'> & { state: DbCheckupState };

const toCheckupRow = ({ state, ...row }: CheckupRecord): CheckupRow => ({
  ...row,
  etatBilan: STATE_TO_WIRE[state],
});

/** One page (offset) or one batch (keyset after `last`) of the check-up list, built but not run. */
export function checkupRowsQuery(
  db: Db,
  caller: Caller,
  filters: CheckupFilters,
  sort: Sort<CheckupSortField>,
  window: Window<CheckupRow>,
) {
  const query = db
    .select(checkupColumns)
    .from(checkups)
    .innerJoin(participants, eq(participants.id, checkups.participantId))
    .$dynamic();
  return page(query, checkupConditions(caller, filters), checkupKeys(sort.field), sort.descending, window);
}

export function checkupCountQuery(db: Db, caller: Caller, filters: CheckupFilters) {
  return db.select({ n: count() }).from(checkups).where(checkupConditions(caller, filters));
}

export async function readCheckupRows(
  db: Db,
  caller: Caller,
  filters: CheckupFilters,
  sort: Sort<CheckupSortField>,
  window: Window<CheckupRow>,
): Promise<CheckupRow[]> {
  const rows = await checkupRowsQuery(db, caller, filters, sort, window);
  return rows.map(toCheckupRow);
}

export async function countCheckups(db: Db, caller: Caller, filters: CheckupFilters): Promise<number> {
  const [row] = await checkupCountQuery(db, caller, filters);
  return row?.n ?? 0;
}

/** A history row as read, before the age (computed on the centre's today) is added. */
export interface HistoryRecord {
  id: number;
  nom: string;
  prenom: string;
  dateNaissance: string;
  dateAdhesion: string | null;
  dateResiliation: string | null;
  gestionRdv: number | null;
  periodicite: number | null;
  dateClotureN2: string | null;
  dateClotureN1: string | null;
  dateClotureN: string | null;
  dateProchainBilan: string | null;
  idEntreprise: number;
  idEtablissement: number;
}

const HISTORY_KEYS: Record<HistorySortField, SortKey<HistoryRecord>[]> = {
  nom: [key(participants.lastName, false, (r) => r.nom), key(participants.firstName, false, (r) => r.prenom)],
  id: [],
  dateNaissance: [key(participants.birthDate, false, (r) => r.dateNaissance)],
  dateAdhesion: [key(participants.membershipDate, true, (r) => r.dateAdhesion)],
  dateProchainBilan: [key(participants.nextCheckupDate, true, (r) => r.dateProchainBilan)],
};

function historyKeys(field: HistorySortField): SortKey<HistoryRecord>[] {
  return [...HISTORY_KEYS[field], key(participants.id, false, (r) => r.id)];
}

/**
 * The participants of the scope having a check-up of the scope in the range: a semi-join read from
 * the check-ups' scope index, so the participants outside it are never visited.
 */
function historyConditions(caller: Caller, filters: CheckupFilters): SQL | undefined {
  const inRange = sql`exists (select 1 from ${checkups} where ${and(
    eq(checkups.participantId, participants.id),
    checkupConditions(caller, filters),
  )})`;
  return and(scopeCondition(caller, participantScope), inRange);
}

/**
 * The latest closing date of the participant's check-ups of the caller's scope in one calendar year
 * (read from checkups_participant_idx). Check-ups made under another employer's scope stay out of
 * sight, as they do in the list.
 */
function latestClosing(caller: Caller, year: number): SQL<string | null> {
  return sql<string | null>`(select max(${checkups.closingDate}) from ${checkups} where ${and(
    eq(checkups.participantId, participants.id),
    scopeCondition(caller, checkupScope),
    gte(checkups.closingDate, `${year}-01-01`),
    lte(checkups.closingDate, `${year}-12-31`),
  )})`;
}

export function historyRowsQuery(
  db: Db,
  caller: Caller,
  filters: CheckupFilters,
  sort: Sort<HistorySortField>,
  year: number,
  window: Window<HistoryRecord>,
) {
  const query = db
    .select({
      id: participants.id,
      nom: participants.lastName,
      prenom: participants.firstName,
      dateNaissance: participants.birthDate,
      dateAdhesion: participants.membershipDate,
      dateResiliation: participants.terminationDate,
      gestionRdv: participants.appointmentManagementId,
      periodicite: participants.periodicityId,
      // Cast back to text: the date columns are read as strings, the scalar subqueries must match.
      dateClotureN2: sql<string | null>`${latestClosing(caller, year - 2)}::text`,
      dateClotureN1: sql<string | null>`${latestClosing(caller, year - 1)}::text`,
      dateClotureN: sql<string | null>`${latestClosing(caller, year)}::text`,
      dateProchainBilan: participants.nextCheckupDate,
      idEntreprise: participants.companyId,
      idEtablissement: participants.establishmentId,
    })
    .from(participants)
    .$dynamic();
  return page(query, historyConditions(caller, filters), historyKeys(sort.field), sort.descending, window);
}

export function historyCountQuery(db: Db, caller: Caller, filters: CheckupFilters) {
  return db.select({ n: count() }).from(participants).where(historyConditions(caller, filters));
}

export async function readHistoryRows(
  db: Db,
  caller: Caller,
  filters: CheckupFilters,
  sort: Sort<HistorySortField>,
  year: number,
  window: Window<HistoryRecord>,
): Promise<HistoryRecord[]> {
  return historyRowsQuery(db, caller, filters, sort, year, window);
}

export async function countHistory(db: Db, caller: Caller, filters: CheckupFilters): Promise<number> {
  const [row] = await historyCountQuery(db, caller, filters);
  return row?.n ?? 0;
}

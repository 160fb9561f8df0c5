import {
  CHECKUP_SORT_FIELDS,
  type CheckupFilters,
  type CheckupListReply,
  DEFAULT_CHECKUP_SORT,
  DEFAULT_HISTORY_SORT,
  HISTORY_SORT_FIELDS,
  type HistoryListReply,
  type HistoryRow,
} from '@portail/contract/schemas/checkups';
import type { Caller } from '../../auth/caller';
import { callerScopeKey } from '../../auth/scope';
import type { Db } from '../../db/client';
import { centreToday } from '../../lib/dates';
import { FieldErrors } from '../../lib/field-errors';
import {
  type CheckupSortField,
  countCheckups,
  countHistory,
  type HistoryRecord,
  type HistorySortField,
  readCheckupRows,
  readHistoryRows,
  type Sort,
} from './checkup.queries';
import { type CheckupPageCache, checkupPageKey, type HistoryPageCache } from './checkup-page-cache';

const SORT_SHAPE = /^([A-Za-z][A-Za-z0-9_.]*),(ASC|DESC)$/i;

/** `field,ASC|DESC` over the given keys; anything else is a field error on `sort` (like the participants). */
function parseSort<F extends string>(
  sort: string | undefined,
  fallback: string,
  fields: readonly F[],
): Sort<F> {
  const match = SORT_SHAPE.exec(sort ?? fallback);
  const field = match?.[1] ?? '';
  if (!match || !(fields as readonly string[]).includes(field))
    throw new FieldErrors([{ field: 'sort', defaultMessage: 'errors.sort' }]);
  return { field: field as F, descending: match[2]?.toUpperCase() === 'DESC' };
}

export const checkupSort = (sort: string | undefined): Sort<CheckupSortField> =>
  parseSort(sort, DEFAULT_CHECKUP_SORT, CHECKUP_SORT_FIELDS);
export const historySort = (sort: string | undefined): Sort<HistorySortField> =>
  parseSort(sort, DEFAULT_HISTORY_SORT, HISTORY_SORT_FIELDS);

export interface PagedFilters extends CheckupFilters {
  page: number;
  size: number;
  sort?: string | undefined;
}

const filtersOf = (query: CheckupFilters): CheckupFilters => ({
  dateDebut: query.dateDebut,
  dateFin: query.dateFin,
  etatBilan: query.etatBilan,
  idEntreprise: query.idEntreprise,
  idEtablissement: query.idEtablissement,
});

/** GET bilansCorrespondant (docs/checkups.md#list): the scope's check-ups whose first appointment is in the range. */
export async function listCheckups(
  db: Db,
  caller: Caller,
  query: PagedFilters,
  pages: CheckupPageCache,
): Promise<CheckupListReply> {
  const sort = checkupSort(query.sort);
  const filters = filtersOf(query);
  return pages.through(callerScopeKey(caller), checkupPageKey(filters, sort, query), async () => {
    const [items, totalRows] = await Promise.all([
      readCheckupRows(db, caller, filters, sort, { limit: query.size, offset: query.page * query.size }),
      countCheckups(db, caller, filters),
    ]);
    return { items, totalRows, subTotal: items.length };
  });
}

/** Whole years between a birth date and a day, both YYYY-MM-DD. */
export function ageOn(birthDate: string, day: string): number {
  const years = Number(day.slice(0, 4)) - Number(birthDate.slice(0, 4));
  return day.slice(5) < birthDate.slice(5) ? years - 1 : years;
}

export const historyRowOf = (record: HistoryRecord, today: string): HistoryRow => ({
  id: record.id,
  nom: record.nom,
  prenom: record.prenom,
  dateNaissance: record.dateNaissance,
  age: ageOn(record.dateNaissance, today),
  dateAdhesion: record.dateAdhesion,
  dateResiliation: record.dateResiliation,
  gestionRdv: record.gestionRdv,
  periodicite: record.periodicite,
  dateClotureN2: record.dateClotureN2,
  dateClotureN1: record.dateClotureN1,
  dateClotureN: record.dateClotureN,
  dateProchainBilan: record.dateProchainBilan,
  idEntreprise: record.idEntreprise,
  idEtablissement: record.idEtablissement,
});

/** GET historiqueBilansCorrespondant (docs/checkups.md#history): one row per participant, N = the centre's year. */
export async function listHistory(
  db: Db,
  caller: Caller,
  query: PagedFilters,
  pages: HistoryPageCache,
): Promise<HistoryListReply> {
  const sort = historySort(query.sort);
  const filters = filtersOf(query);
  const today = centreToday();
  // The ages and the years N-2 to N are the centre's day's: a page is kept for that day only.
  return pages.through(callerScopeKey(caller), checkupPageKey(filters, sort, query, today), async () => {
    const [records, totalRows] = await Promise.all([
      readHistoryRows(db, caller, filters, sort, Number(today.slice(0, 4)), {
        limit: query.size,
        offset: query.page * query.size,
      }),
      countHistory(db, caller, filters),
    ]);
    const items = records.map((record) => historyRowOf(record, today));
    return { items, totalRows, subTotal: items.length };
  });
}

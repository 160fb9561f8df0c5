import { PAGE_SIZE } from '@portail/contract/constants';
import { type CheckupFilters, type CheckupState, checkupFilters } from '@portail/contract/schemas/checkups';
import { readTableQuery, writeTableQuery } from '../../components/table-query';
import { dayjs } from '../../lib/dates';
import type { ListAddress } from '../../lib/use-list-address';

/**
 * The filters, page and sort of both check-up screens live in the address
 * (`?dateDebut=2025-01-01&dateFin=…&etatBilan=CLOTURE&page=1`), so that coming back from a
 * participant's page shows the same list. Without dates, the default range: one year back to today
 * (docs/checkups.md#filters).
 */
export type CheckupListState = ListAddress<CheckupFilters>;

/** The default range (docs/checkups.md#list, docs/checkups.md#filters): one year ago to today. */
export function defaultFilters(today = dayjs()): CheckupFilters {
  return {
    dateDebut: today.subtract(1, 'year').format('YYYY-MM-DD'),
    dateFin: today.format('YYYY-MM-DD'),
  };
}

/** Reads the address; filters the contract refuses (a hand-edited link) give the default range. */
export function readCheckupState(
  params: URLSearchParams,
  sortFields: readonly string[],
  defaultSort: string,
): CheckupListState {
  const defaults = defaultFilters();
  const parsed = checkupFilters.safeParse({
    dateDebut: params.get('dateDebut') ?? defaults.dateDebut,
    dateFin: params.get('dateFin') ?? defaults.dateFin,
    etatBilan: params.get('etatBilan') ?? undefined,
    idEntreprise: params.get('entreprise') ?? undefined,
    idEtablissement: params.get('etablissement') ?? undefined,
  });
  return {
    filters: parsed.success ? parsed.data : defaults,
    table: readTableQuery(params, { pageSize: PAGE_SIZE, defaultSort, sortFields }),
  };
}

/** The dates are always written once searched (the default range moves with the days). */
export function writeCheckupState(
  { filters, table }: CheckupListState,
  defaultSort: string,
): URLSearchParams {
  const params = new URLSearchParams();
  params.set('dateDebut', filters.dateDebut);
  params.set('dateFin', filters.dateFin);
  if (filters.etatBilan) params.set('etatBilan', filters.etatBilan);
  if (filters.idEntreprise) params.set('entreprise', String(filters.idEntreprise));
  if (filters.idEtablissement) params.set('etablissement', String(filters.idEtablissement));
  writeTableQuery(params, table, { pageSize: PAGE_SIZE, defaultSort });
  return params;
}

/** The call's parameters (docs/checkups.md#excel-export). */
export function toCheckupQuery({ filters, table }: CheckupListState, defaultSort: string) {
  return {
    page: table.page,
    size: table.size,
    sort: table.sort ?? defaultSort,
    dateDebut: filters.dateDebut,
    dateFin: filters.dateFin,
    ...(filters.etatBilan ? { etatBilan: filters.etatBilan } : {}),
    ...(filters.idEntreprise ? { idEntreprise: filters.idEntreprise } : {}),
    ...(filters.idEtablissement ? { idEtablissement: filters.idEtablissement } : {}),
  };
}

export type { CheckupFilters, CheckupState };

import type { CheckupFilters, CheckupListQuery } from '@portail/contract/schemas/checkups';

/** A page of either list; the search's start and end are required (docs/checkups.md#filters). */
export type CheckupPageQuery = CheckupListQuery & Pick<CheckupFilters, 'dateDebut' | 'dateFin'>;

/**
 * The options of both lists' calls: the page, the sort and the filters, and no other field of the
 * object given. The page says why a call failed, beside its Retry: no toast as well.
 */
export function listCallOptions(query: CheckupPageQuery, signal: AbortSignal) {
  return {
    query: {
      page: query.page,
      size: query.size,
      sort: query.sort,
      dateDebut: query.dateDebut,
      dateFin: query.dateFin,
      etatBilan: query.etatBilan,
      idEntreprise: query.idEntreprise,
      idEtablissement: query.idEtablissement,
    },
    signal,
    handle: 'all' as const,
  };
}

import { checkupApi } from '@portail/contract/api/checkups';
import type { CheckupFilters, HistoryListQuery } from '@portail/contract/schemas/checkups';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api';
import { checkupKeys } from './checkup-keys';

/** The search's start and end are required (docs/checkups.md#filters). */
type DateRange = Pick<CheckupFilters, 'dateDebut' | 'dateFin'>;

/** `GET historiqueBilansCorrespondant` (docs/checkups.md#history, docs/checkups.md#excel-export): one page of the history, a participant a row. */
export function historyQueryOptions(query: HistoryListQuery & DateRange) {
  return queryOptions({
    queryKey: checkupKeys.history(query),
    queryFn: ({ signal }) =>
      call(checkupApi.history, {
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
        // The page says why it failed, beside its Retry: no toast as well.
        handle: 'all',
      }),
    placeholderData: keepPreviousData,
  });
}

export function useHistory(query: HistoryListQuery & DateRange) {
  return useQuery(historyQueryOptions(query));
}

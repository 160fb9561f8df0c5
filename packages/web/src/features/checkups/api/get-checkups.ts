import { checkupApi } from '@portail/contract/api/checkups';
import type { CheckupFilters, CheckupListQuery } from '@portail/contract/schemas/checkups';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api';
import { checkupKeys } from './checkup-keys';

/** The search's start and end are required (docs/checkups.md#filters). */
type DateRange = Pick<CheckupFilters, 'dateDebut' | 'dateFin'>;

/** `GET bilansCorrespondant` (docs/checkups.md#list, docs/checkups.md#excel-export): one page of the check-ups in the range. */
export function checkupsQueryOptions(query: CheckupListQuery & DateRange) {
  return queryOptions({
    queryKey: checkupKeys.list(query),
    queryFn: ({ signal }) =>
      call(checkupApi.list, {
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

export function useCheckups(query: CheckupListQuery & DateRange) {
  return useQuery(checkupsQueryOptions(query));
}

import { type CheckupListQuery, checkupListReply } from '@portail/contract/schemas/checkups';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { checkupKeys } from './checkup-keys';

/** `GET bilansCorrespondant` (000 §2.8, §7): one page of the check-ups in the range. */
export function checkupsQueryOptions(query: CheckupListQuery) {
  return queryOptions({
    queryKey: checkupKeys.list(query),
    queryFn: ({ signal }) =>
      api('/bilansCorrespondant', {
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
        schema: checkupListReply,
        signal,
        // The page says why it failed, beside its Retry: no toast as well.
        handle: 'all',
      }),
    placeholderData: keepPreviousData,
  });
}

export function useCheckups(query: CheckupListQuery) {
  return useQuery(checkupsQueryOptions(query));
}

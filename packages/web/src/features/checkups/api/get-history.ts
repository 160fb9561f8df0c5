import { type HistoryListQuery, historyListReply } from '@portail/contract/schemas/checkups';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { checkupKeys } from './checkup-keys';

/** `GET historiqueBilansCorrespondant` (000 §2.9, §7): one page of the history, a participant a row. */
export function historyQueryOptions(query: HistoryListQuery) {
  return queryOptions({
    queryKey: checkupKeys.history(query),
    queryFn: ({ signal }) =>
      api('/historiqueBilansCorrespondant', {
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
        schema: historyListReply,
        signal,
        // The page says why it failed, beside its Retry: no toast as well.
        handle: 'all',
      }),
    placeholderData: keepPreviousData,
  });
}

export function useHistory(query: HistoryListQuery) {
  return useQuery(historyQueryOptions(query));
}

import { checkupApi } from '@portail/contract/api/checkups';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api';
import { checkupKeys } from './checkup-keys';
import { type CheckupPageQuery, listCallOptions } from './list-call';

/** `GET historiqueBilansCorrespondant` (docs/checkups.md#history, docs/checkups.md#excel-export): one page of the history, a participant a row. */
export function historyQueryOptions(query: CheckupPageQuery) {
  return queryOptions({
    queryKey: checkupKeys.history(query),
    queryFn: ({ signal }) => call(checkupApi.history, listCallOptions(query, signal)),
    placeholderData: keepPreviousData,
  });
}

export function useHistory(query: CheckupPageQuery) {
  return useQuery(historyQueryOptions(query));
}

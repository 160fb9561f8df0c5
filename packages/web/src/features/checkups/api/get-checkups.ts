import { checkupApi } from '@portail/contract/api/checkups';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api';
import { checkupKeys } from './checkup-keys';
import { type CheckupPageQuery, listCallOptions } from './list-call';

/** `GET bilansCorrespondant` (docs/checkups.md#list, docs/checkups.md#excel-export): one page of the check-ups in the range. */
export function checkupsQueryOptions(query: CheckupPageQuery) {
  return queryOptions({
    queryKey: checkupKeys.list(query),
    queryFn: ({ signal }) => call(checkupApi.list, listCallOptions(query, signal)),
    placeholderData: keepPreviousData,
  });
}

export function useCheckups(query: CheckupPageQuery) {
  return useQuery(checkupsQueryOptions(query));
}

import { mutationApi } from '@portail/contract/api/mutations';
import type { MutationListQuery } from '@portail/contract/schemas/mutations';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api';
import { mutationKeys } from './mutation-keys';

/** `GET mutation` (docs/transfers.md#api): one page of the caller's transfers. */
export function mutationsQueryOptions(query: MutationListQuery) {
  return queryOptions({
    queryKey: mutationKeys.list(query),
    queryFn: ({ signal }) =>
      call(mutationApi.list, {
        query,
        signal,
        // The page says why it failed, beside its Retry: no toast as well.
        handle: 'all',
      }),
    // The previous page stays on screen while the next one loads.
    placeholderData: keepPreviousData,
  });
}

export function useMutations(query: MutationListQuery) {
  return useQuery(mutationsQueryOptions(query));
}

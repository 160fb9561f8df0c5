import { type MutationListQuery, mutationListReply } from '@portail/contract/schemas/mutations';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { mutationKeys } from './mutation-keys';

/** `GET mutation` (001 §7): one page of the caller's transfers. */
export function mutationsQueryOptions(query: MutationListQuery) {
  return queryOptions({
    queryKey: mutationKeys.list(query),
    queryFn: ({ signal }) =>
      api('/mutation', {
        query: {
          page: query.page,
          size: query.size,
          sort: query.sort,
          encours: query.encours,
          entrantes: query.entrantes,
          sortantes: query.sortantes,
        },
        schema: mutationListReply,
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

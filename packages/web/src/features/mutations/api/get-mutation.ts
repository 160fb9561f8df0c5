import { mutationApi } from '@portail/contract/api/mutations';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api';
import { mutationKeys } from './mutation-keys';

/** `GET mutation/{id}` (docs/transfers.md#api): the transfer and what the caller may do with it. */
export function mutationQueryOptions(id: number) {
  return queryOptions({
    queryKey: mutationKeys.detail(id),
    queryFn: ({ signal }) => call(mutationApi.detail, { params: { id }, signal, handle: [403, 404] }),
  });
}

export function useMutationDetail(id: number | null) {
  return useQuery({ ...mutationQueryOptions(id ?? 0), enabled: id !== null });
}

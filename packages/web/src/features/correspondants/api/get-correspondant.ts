import { correspondantApi } from '@portail/contract/api/correspondants';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api';
import { correspondantKeys } from './correspondant-keys';

/**
 * `GET correspondant/{id}` (docs/correspondants.md#api): a correspondant of the caller's directory. Out of reach (404) and
 * refused (403) are said on the screen itself.
 */
export function correspondantQueryOptions(id: number) {
  return queryOptions({
    queryKey: correspondantKeys.detail(id),
    queryFn: ({ signal }) => call(correspondantApi.detail, { params: { id }, signal, handle: [403, 404] }),
  });
}

export function useCorrespondant(id: number | null) {
  return useQuery({ ...correspondantQueryOptions(id ?? 0), enabled: id !== null });
}

import { homeApi } from '@portail/contract/api/home';
import type { MammogramBody } from '@portail/contract/schemas/home';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api';
import { homeKeys } from '../../../lib/query-keys';

/** `GET adherents/dateMammo`: the date recorded last, to prefill the dialog. */
export function mammogramQueryOptions() {
  return queryOptions({
    queryKey: homeKeys.mammogram(),
    queryFn: ({ signal }) => call(homeApi.mammogram, { signal }),
    staleTime: 0,
  });
}

export function useMammogramDate(enabled: boolean) {
  return useQuery({ ...mammogramQueryOptions(), enabled });
}

/** `POST adherents/dateMammo`; a refused date (400) comes back with its field error. */
export function useSaveMammogramDate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: MammogramBody) => call(homeApi.recordMammogram, { body, handle: [400] }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: homeKeys.mammogram() }),
  });
}

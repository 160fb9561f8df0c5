import { homeMessagesReply, type MammogramBody, mammogramReply } from '@portail/contract/schemas/home';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { homeKeys } from './get-home-detail';

/** `GET adherents/dateMammo`: the date recorded last, to prefill the dialog. */
export function mammogramQueryOptions() {
  return queryOptions({
    queryKey: homeKeys.mammogram(),
    queryFn: ({ signal }) => api('/adherents/dateMammo', { schema: mammogramReply, signal }),
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
    mutationFn: (body: MammogramBody) =>
      api('/adherents/dateMammo', { method: 'POST', body, schema: homeMessagesReply, handle: [400] }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: homeKeys.mammogram() }),
  });
}

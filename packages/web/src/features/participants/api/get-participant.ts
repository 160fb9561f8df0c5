import { participantApi } from '@portail/contract/api/participants';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api';
import { participantKeys } from './participant-keys';

/** `GET adherents/{id}` (docs/participants.md#api): everything the detail screen shows. */
export function participantQueryOptions(id: number) {
  return queryOptions({
    queryKey: participantKeys.detail(id),
    // A record that does not exist or is not the caller’s is told by the page itself, not a toast.
    queryFn: ({ signal }) => call(participantApi.detail, { params: { id }, signal, handle: [403, 404] }),
    // The form is the working copy: a background refetch must not replace what is being typed.
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useParticipant(id: number | null) {
  return useQuery({ ...participantQueryOptions(id ?? 0), enabled: id !== null });
}

import { participant } from '@portail/contract/schemas/participants';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { participantKeys } from './participant-keys';

/** `GET adherents/{id}` (000 §7): everything the detail screen shows. */
export function participantQueryOptions(id: number) {
  return queryOptions({
    queryKey: participantKeys.detail(id),
    // A record that does not exist or is not the caller’s is told by the page itself, not a toast.
    queryFn: ({ signal }) => api(`/adherents/${id}`, { schema: participant, signal, handle: [403, 404] }),
    // The form is the working copy: a background refetch must not replace what is being typed.
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useParticipant(id: number | null) {
  return useQuery({ ...participantQueryOptions(id ?? 0), enabled: id !== null });
}

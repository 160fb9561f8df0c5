import { participant } from '@portail/contract/schemas/participants';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { participantKeys } from './participant-keys';

/**
 * `GET participant/mescoordonnees` (000 §7): the caller's own record. An account without one (an
 * admin) gets 404 with its own message, which the screen shows rather than a toast.
 */
export function ownDetailsQueryOptions() {
  return queryOptions({
    queryKey: [...participantKeys.all, 'own'] as const,
    queryFn: ({ signal }) =>
      api('/participant/mescoordonnees', { schema: participant, signal, handle: [404] }),
  });
}

export function useOwnDetails() {
  return useQuery(ownDetailsQueryOptions());
}

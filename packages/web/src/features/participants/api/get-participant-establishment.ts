import { participantApi } from '@portail/contract/api/participants';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api';
import { participantKeys } from './participant-keys';

/** `GET etablissement-participant/{id}`: the participant's establishment with its address. */
export function useParticipantEstablishment(id: number | null) {
  return useQuery({
    queryKey: participantKeys.establishment(id ?? 0),
    queryFn: ({ signal }) =>
      call(participantApi.establishment, {
        params: { id: id ?? 0 },
        silent: true,
        // Only a convenience (the establishment's address shown beside the checkbox).
        handle: 'all',
        signal,
      }),
    enabled: id !== null,
  });
}

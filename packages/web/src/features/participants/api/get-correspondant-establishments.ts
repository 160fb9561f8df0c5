import { participantApi } from '@portail/contract/api/participants';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api';
import { participantKeys } from './participant-keys';

/** `GET etablissements-correspondant`: the establishments a new participant may join (docs/personal-details.md#establishments). */
export function useCorrespondantEstablishments(enabled: boolean) {
  return useQuery({
    queryKey: participantKeys.correspondantEstablishments(),
    queryFn: ({ signal }) => call(participantApi.correspondantEstablishments, { signal }),
    enabled,
    staleTime: 5 * 60_000,
  });
}

import { correspondantEstablishmentsReply } from '@portail/contract/schemas/participants';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { participantKeys } from './participant-keys';

/** `GET etablissements-correspondant`: the establishments a new participant may join (001 §7). */
export function useCorrespondantEstablishments(enabled: boolean) {
  return useQuery({
    queryKey: participantKeys.correspondantEstablishments(),
    queryFn: ({ signal }) =>
      api('/etablissements-correspondant', { schema: correspondantEstablishmentsReply, signal }),
    enabled,
    staleTime: 5 * 60_000,
  });
}

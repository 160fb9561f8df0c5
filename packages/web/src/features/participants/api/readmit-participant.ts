import { participantApi } from '@portail/contract/api/participants';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api';
import { BUSINESS_WRITE, outcomeOf, REFUSED } from '../../../lib/outcome';
import { participantKeys } from './participant-keys';

/** `POST adherents/{id}/adherer` (docs/participants.md#readmit): refused when an active duplicate exists. */
export function useReadmitParticipant(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      outcomeOf(call(participantApi.readmit, { params: { id }, handle: [REFUSED] }), BUSINESS_WRITE),
    onSettled: () => queryClient.invalidateQueries({ queryKey: participantKeys.all }),
  });
}

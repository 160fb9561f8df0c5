import { participantApi } from '@portail/contract/api/participants';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api';
import { BUSINESS_WRITE, outcomeOf, REFUSED } from '../../../lib/outcome';
import { participantKeys } from './participant-keys';

/** `POST adherents/{id}/resilier` (docs/participants.md#terminate): refused while a check-up is in progress. */
export function useTerminateParticipant(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (motifMouvement: number) =>
      outcomeOf(
        call(participantApi.terminate, {
          params: { id },
          body: { motifMouvement },
          handle: [REFUSED],
        }),
        BUSINESS_WRITE,
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: participantKeys.all }),
  });
}

import { messagesReply } from '@portail/contract/schemas/common';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { outcomeOf, REFUSED } from './outcome';
import { participantKeys } from './participant-keys';

/** `POST adherents/{id}/resilier` (000 §4): refused while a check-up is in progress. */
export function useTerminateParticipant(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (motifMouvement: number) =>
      outcomeOf(
        api(`/adherents/${id}/resilier`, {
          method: 'POST',
          body: { motifMouvement },
          schema: messagesReply,
          handle: [REFUSED],
        }),
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: participantKeys.all }),
  });
}

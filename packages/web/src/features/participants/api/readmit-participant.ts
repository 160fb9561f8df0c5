import { messagesReply } from '@portail/contract/schemas/common';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { outcomeOf, REFUSED } from './outcome';
import { participantKeys } from './participant-keys';

/** `POST adherents/{id}/adherer` (000 §4): refused when an active duplicate exists. */
export function useReadmitParticipant(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      outcomeOf(
        api(`/adherents/${id}/adherer`, { method: 'POST', schema: messagesReply, handle: [REFUSED] }),
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: participantKeys.all }),
  });
}

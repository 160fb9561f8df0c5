import { messagesReply } from '@portail/contract/schemas/common';
import type { TransferBody } from '@portail/contract/schemas/participants';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { outcomeOf, REFUSED } from './outcome';
import { participantKeys } from './participant-keys';

/** `POST adherents/{id}/muter` (000 §4): a transfer request to another establishment. */
export function useTransferParticipant(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TransferBody) =>
      outcomeOf(
        api(`/adherents/${id}/muter`, { method: 'POST', body, schema: messagesReply, handle: [REFUSED] }),
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: participantKeys.all }),
  });
}

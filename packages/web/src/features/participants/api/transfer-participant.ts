import { participantApi } from '@portail/contract/api/participants';
import type { TransferBody } from '@portail/contract/schemas/participants';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api';
import { BUSINESS_WRITE, outcomeOf, REFUSED } from '../../../lib/outcome';
import { participantKeys } from './participant-keys';

/** `POST adherents/{id}/muter` (docs/participants.md#transfer): a transfer request to another establishment. */
export function useTransferParticipant(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TransferBody) =>
      outcomeOf(call(participantApi.transfer, { params: { id }, body, handle: [REFUSED] }), BUSINESS_WRITE),
    onSettled: () => queryClient.invalidateQueries({ queryKey: participantKeys.all }),
  });
}

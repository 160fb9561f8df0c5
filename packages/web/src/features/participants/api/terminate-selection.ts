import { participantApi } from '@portail/contract/api/participants';
import type { TerminateSelectionBody, TerminateSelectionReply } from '@portail/contract/schemas/participants';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api';
import { outcomeOf, REFUSED } from '../../../lib/outcome';
import { participantKeys } from './participant-keys';

/**
 * `POST adherentsCorrespondant/resilier` (issue 22, docs/participants.md#bulk-actions): the selection
 * terminated with one reason; the reply counts those terminated and lists those refused with why. A
 * 409 (a filter matching too many) is a refusal with its message.
 */
export function useTerminateSelection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TerminateSelectionBody) =>
      outcomeOf<TerminateSelectionReply>(
        call(participantApi.terminateSelection, { body, handle: [REFUSED] }),
        { refusals: [REFUSED], messages: () => [] },
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: participantKeys.all }),
  });
}

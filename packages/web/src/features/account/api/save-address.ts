import type { SaveAddressValues } from '@portail/contract/schemas/account';
import { messagesReply } from '@portail/contract/schemas/common';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { accountKeys } from './account-keys';
import { type SaveOutcome, saveOutcome } from './server-outcome';

/**
 * `POST adresse` (001 §7): the address record. Field errors (400), the enterprise correspondant's
 * refusal (403) and a terminated establishment (409) come back to the form.
 */
export function saveAddress(body: SaveAddressValues): Promise<SaveOutcome> {
  return saveOutcome(
    api('/adresse', { method: 'POST', body, schema: messagesReply, handle: [400, 403, 409] }),
  );
}

export function useSaveAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveAddress,
    onSuccess: async (outcome) => {
      if (outcome.kind === 'saved')
        await queryClient.invalidateQueries({ queryKey: accountKeys.addresses() });
    },
  });
}

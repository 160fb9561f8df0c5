import { accountApi } from '@portail/contract/api/account';
import type { SaveAddressValues } from '@portail/contract/schemas/account';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api';
import { outcomeOf } from '../../../lib/outcome';
import { accountKeys } from './account-keys';

/**
 * `POST adresse` (docs/personal-details.md#address): the address record. Field errors (400), the enterprise correspondant's
 * refusal (403) and a terminated establishment (409) come back to the form.
 */
export function saveAddress(body: SaveAddressValues) {
  return outcomeOf(call(accountApi.saveAddress, { body, handle: [400, 403, 409] }));
}

export function useSaveAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveAddress,
    onSuccess: async (outcome) => {
      if (outcome.kind === 'done') await queryClient.invalidateQueries({ queryKey: accountKeys.addresses() });
    },
  });
}

import { correspondantApi } from '@portail/contract/api/correspondants';
import type { CorrespondantContactBody } from '@portail/contract/schemas/correspondants';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api';
import { outcomeOf } from '../../../lib/outcome';
import { loadPrincipal } from '../../../lib/session';
import { correspondantKeys } from './correspondant-keys';

/**
 * `POST correspondant/{id}` (docs/correspondants.md#detail): the contact block of the caller's own record, with the
 * current password; a new mail or mobile waits for its code (the reply's `enAttente`, issue 17). Field
 * errors (400) go back to the fields and a refusal (403) above the form: the record is not the
 * caller's own, or the centre does not let them edit it (`messageKey`), or the third wrong password
 * locked the account (`messages`). Any other failure is a toast.
 */
export function saveCorrespondant(id: number, body: CorrespondantContactBody) {
  return outcomeOf(call(correspondantApi.save, { params: { id }, body, handle: [400, 403] }), {
    refusals: [403],
  });
}

/**
 * The save. Once it succeeds the record and the directory's pages are read again, and so is the
 * session user, whose name and mail follow the record.
 */
export function useSaveCorrespondant(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CorrespondantContactBody) => saveCorrespondant(id, body),
    onSuccess: async (outcome) => {
      if (outcome.kind !== 'done') return;
      queryClient.setQueryData(correspondantKeys.detail(id), outcome.data.correspondant);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: correspondantKeys.all }),
        loadPrincipal().catch(() => undefined),
      ]);
    },
  });
}

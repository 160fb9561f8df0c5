import { mutationApi } from '@portail/contract/api/mutations';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api';
import { BUSINESS_WRITE, outcomeOf, REFUSED } from '../../../lib/outcome';
import { homeKeys } from '../../../lib/query-keys';
import { participantKeys } from '../../participants';
import { mutationKeys } from './mutation-keys';

export type MutationAction = 'accepter' | 'annuler';

/** Accepted or cancelled, or refused by a 409 or an ERROR message (docs/transfers.md#accept). */
const run = (id: number, action: MutationAction) =>
  outcomeOf(
    call(action === 'accepter' ? mutationApi.accept : mutationApi.cancel, {
      params: { id },
      handle: [REFUSED],
    }),
    BUSINESS_WRITE,
  );

/** What an accept or a cancel ended with. */
export type ActionOutcome = Awaited<ReturnType<typeof run>>;

/**
 * `POST mutation/{id}/accepter` and `POST mutation/{id}/annuler` (docs/transfers.md#accept): empty payload. Either
 * way the transfer lists, this detail, the home card's counts and the participants (who moved, or lost
 * their pending-transfer mark) are read again; after a refusal too, as it usually means someone else
 * processed the transfer meanwhile.
 */
export function useMutationAction(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: MutationAction) => run(id, action),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: mutationKeys.all }),
        queryClient.invalidateQueries({ queryKey: homeKeys.detail() }),
        queryClient.invalidateQueries({ queryKey: participantKeys.all }),
      ]),
  });
}

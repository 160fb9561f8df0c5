import { mutationApi } from '@portail/contract/api/mutations';
import type { Message } from '@portail/contract/schemas/common';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api';
import { isApiError } from '../../../lib/api-error';
import { messagesOf } from '../../../lib/error-replies';
import { homeKeys } from '../../../lib/query-keys';
import { participantKeys } from '../../participants';
import { mutationKeys } from './mutation-keys';

/** The server refuses a business rule with 409 and `ciemException.messages` (docs/transfers.md#detail). */
const REFUSED = 409;

/** What an accept or a cancel ended with: done or refused, and the messages to show (docs/transfers.md#accept). */
export interface ActionOutcome {
  done: boolean;
  messages: Message[];
}

export type MutationAction = 'accepter' | 'annuler';

async function run(id: number, action: MutationAction): Promise<ActionOutcome> {
  try {
    const reply = await call(action === 'accepter' ? mutationApi.accept : mutationApi.cancel, {
      params: { id },
      handle: [REFUSED],
    });
    const { messages } = reply.ciemException;
    return { done: !messages.some((message) => message.level === 'ERROR'), messages };
  } catch (error) {
    if (isApiError(error) && error.status === REFUSED) return { done: false, messages: messagesOf(error) };
    throw error;
  }
}

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

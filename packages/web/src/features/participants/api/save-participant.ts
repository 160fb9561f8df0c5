import { participantApi } from '@portail/contract/api/participants';
import type { Message } from '@portail/contract/schemas/common';
import type { ParticipantCreate, ParticipantUpdate } from '@portail/contract/schemas/participants';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api';
import { type Outcome, outcomeOf, REFUSED } from '../../../lib/outcome';
import { participantKeys } from './participant-keys';

export type SaveRequest =
  | { mode: 'create'; values: ParticipantCreate }
  | { mode: 'update'; values: ParticipantUpdate };

/** A save's reply as one shape: the participant's id, whether it was saved, the business messages. */
interface Saved {
  id: number;
  saved: boolean;
  ciemException: { messages: Message[] };
}

async function send(request: SaveRequest): Promise<Saved> {
  if (request.mode === 'create') {
    const reply = await call(participantApi.create, { body: request.values, handle: 'all' });
    return { id: reply.idParticipant, saved: reply.participantcree, ciemException: reply.ciemException };
  }
  const reply = await call(participantApi.update, { body: request.values, handle: 'all' });
  return { id: request.values.id, saved: true, ciemException: reply.ciemException };
}

export type SaveOutcome = Outcome<Saved>;

/**
 * `PUT` (create) or `POST` (update) `adherentsCorrespondant/detail` (docs/participants.md#api). Field errors (400) and
 * business refusals (409) come back to the form; any other failure is the `api.error.500` toast
 * (docs/participants.md#edit).
 */
export function saveParticipant(request: SaveRequest): Promise<SaveOutcome> {
  return outcomeOf(send(request), {
    refuses: (reply) => !reply.saved,
    refusals: [REFUSED],
    failureToast: 'api.error.500',
  });
}

export function useSaveParticipant() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveParticipant,
    onSuccess: async (outcome) => {
      if (outcome.kind !== 'done') return;
      await queryClient.invalidateQueries({ queryKey: participantKeys.lists() });
      await queryClient.invalidateQueries({ queryKey: participantKeys.detail(outcome.data.id) });
    },
  });
}

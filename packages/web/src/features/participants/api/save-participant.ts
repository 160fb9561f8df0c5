import { participantApi } from '@portail/contract/api/participants';
import type { Message } from '@portail/contract/schemas/common';
import type { ParticipantCreate, ParticipantUpdate } from '@portail/contract/schemas/participants';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api';
import { isApiError } from '../../../lib/api-error';
import { errorReplyOf, messagesOf } from '../../../lib/error-replies';
import { notify } from '../../../lib/notify';
import { REFUSED } from './outcome';
import { participantKeys } from './participant-keys';

export interface ServerFieldError {
  field: string;
  defaultMessage: string;
  args?: string[] | undefined;
}

export type SaveOutcome =
  | { kind: 'saved'; id: number; messages: Message[] }
  | { kind: 'refused'; messages: Message[] }
  | { kind: 'invalid'; fieldErrors: ServerFieldError[] }
  | { kind: 'failed' };

export type SaveRequest =
  | { mode: 'create'; values: ParticipantCreate }
  | { mode: 'update'; values: ParticipantUpdate };

async function send(request: SaveRequest): Promise<SaveOutcome> {
  if (request.mode === 'create') {
    const reply = await call(participantApi.create, { body: request.values, handle: 'all' });
    const messages = reply.ciemException.messages;
    return reply.participantcree
      ? { kind: 'saved', id: reply.idParticipant, messages }
      : { kind: 'refused', messages };
  }
  const reply = await call(participantApi.update, { body: request.values, handle: 'all' });
  return { kind: 'saved', id: request.values.id, messages: reply.ciemException.messages };
}

/**
 * `PUT` (create) or `POST` (update) `adherentsCorrespondant/detail` (docs/participants.md#api). Field errors (400) and
 * business refusals (409) come back to the form; any other failure is the `api.error.500` toast
 * (docs/participants.md#edit).
 */
export async function saveParticipant(request: SaveRequest): Promise<SaveOutcome> {
  try {
    return await send(request);
  } catch (error) {
    if (isApiError(error) && error.status === 400) {
      const fieldErrors = errorReplyOf(error)?.fieldErrors ?? [];
      if (fieldErrors.length > 0) return { kind: 'invalid', fieldErrors };
    }
    if (isApiError(error) && error.status === REFUSED)
      return { kind: 'refused', messages: messagesOf(error) };
    // The session ended (401): its own message has been shown.
    if (!(isApiError(error) && error.status === 401)) notify('api.error.500', 'error');
    return { kind: 'failed' };
  }
}

export function useSaveParticipant() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveParticipant,
    onSuccess: async (outcome) => {
      if (outcome.kind !== 'saved') return;
      await queryClient.invalidateQueries({ queryKey: participantKeys.lists() });
      await queryClient.invalidateQueries({ queryKey: participantKeys.detail(outcome.id) });
    },
  });
}

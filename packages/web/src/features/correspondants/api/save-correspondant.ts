import type { Message } from '@portail/contract/schemas/common';
import {
  type Correspondant,
  type CorrespondantContactBody,
  correspondantSavedReply,
} from '@portail/contract/schemas/correspondants';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { isApiError } from '../../../lib/api-error';
import { errorReplyOf } from '../../../lib/error-replies';
import { notify } from '../../../lib/notify';
import { loadPrincipal } from '../../../lib/session';
import { correspondantKeys } from './correspondant-keys';

export interface ServerFieldError {
  field: string;
  defaultMessage: string;
  args?: string[] | undefined;
}

export type SaveOutcome =
  | { kind: 'saved'; correspondant: Correspondant; messages: Message[] }
  | { kind: 'invalid'; fieldErrors: ServerFieldError[] }
  /** 403: the record is not the caller's own, or the centre does not let them edit it. */
  | { kind: 'refused'; messageKey: string }
  | { kind: 'failed' };

/**
 * `POST correspondant/{id}` (000 §2.10): the contact block of the caller's own record. Field errors
 * (400) go back to the fields and a refusal (403) above the form; any other failure is a toast.
 */
export async function saveCorrespondant(id: number, body: CorrespondantContactBody): Promise<SaveOutcome> {
  try {
    const reply = await api(`/correspondant/${id}`, {
      method: 'POST',
      body,
      schema: correspondantSavedReply,
      handle: [400, 403],
    });
    return { kind: 'saved', correspondant: reply.correspondant, messages: reply.ciemException.messages };
  } catch (error) {
    if (!isApiError(error)) throw error;
    const reply = errorReplyOf(error);
    if (error.status === 400 && reply?.fieldErrors?.length)
      return { kind: 'invalid', fieldErrors: reply.fieldErrors };
    if (error.status === 403) return { kind: 'refused', messageKey: reply?.message ?? 'http.403' };
    if (error.status === 400) notify('form.error', 'error');
    return { kind: 'failed' };
  }
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
      if (outcome.kind !== 'saved') return;
      queryClient.setQueryData(correspondantKeys.detail(id), outcome.correspondant);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: correspondantKeys.all }),
        loadPrincipal().catch(() => undefined),
      ]);
    },
  });
}

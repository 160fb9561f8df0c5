import { correspondantApi } from '@portail/contract/api/correspondants';
import type { Message } from '@portail/contract/schemas/common';
import type { PendingContact } from '@portail/contract/schemas/contact-change';
import type { Correspondant, CorrespondantContactBody } from '@portail/contract/schemas/correspondants';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api';
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
  | { kind: 'saved'; correspondant: Correspondant; messages: Message[]; pending: PendingContact }
  | { kind: 'invalid'; fieldErrors: ServerFieldError[]; messages: Message[] }
  /**
   * 403: the record is not the caller's own, or the centre does not let them edit it (`messageKey`),
   * or the third wrong password locked the account (`messages`).
   */
  | { kind: 'refused'; messageKey: string; messages: Message[] }
  | { kind: 'failed' };

/**
 * `POST correspondant/{id}` (docs/correspondants.md#detail): the contact block of the caller's own record, with the
 * current password; a new mail or mobile waits for its code (`pending`, issue 17). Field errors
 * (400) go back to the fields and a refusal (403) above the form; any other failure is a toast.
 */
export async function saveCorrespondant(id: number, body: CorrespondantContactBody): Promise<SaveOutcome> {
  try {
    const reply = await call(correspondantApi.save, { params: { id }, body, handle: [400, 403] });
    return {
      kind: 'saved',
      correspondant: reply.correspondant,
      messages: reply.ciemException.messages,
      pending: reply.enAttente,
    };
  } catch (error) {
    if (!isApiError(error)) throw error;
    const reply = errorReplyOf(error);
    const messages = reply?.ciemException?.messages ?? [];
    if (error.status === 400 && reply?.fieldErrors?.length)
      return { kind: 'invalid', fieldErrors: reply.fieldErrors, messages };
    if (error.status === 403) return { kind: 'refused', messageKey: reply?.message ?? 'http.403', messages };
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

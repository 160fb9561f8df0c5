import { homeApi } from '@portail/contract/api/home';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api';
import { homeKeys } from '../../../lib/query-keys';
import { loadPrincipal } from '../../../lib/session';
import { notifyMessages } from '../message-toasts';

/**
 * `POST re-activate-dmc` (docs/home.md#medical-record, docs/home.md#data): accepts the online medical record, then reloads the principal
 * (so the menu shows the documents at once) and the home detail (the new documents).
 */
export function useReactivateRecord() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      const reply = await call(homeApi.reactivateRecord);
      await loadPrincipal();
      return reply.ciemException.messages;
    },
    onSuccess: async (messages) => {
      notifyMessages(messages);
      await queryClient.invalidateQueries({ queryKey: homeKeys.detail() });
    },
  });
}

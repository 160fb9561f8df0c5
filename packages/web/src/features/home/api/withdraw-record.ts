import { homeApi } from '@portail/contract/api/home';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api';
import { homeKeys } from '../../../lib/query-keys';
import { loadPrincipal } from '../../../lib/session';
import { notifyMessages } from '../message-toasts';

/**
 * `POST withdraw-dmc`: withdraws the acceptance of the online medical record, then reloads the
 * principal (the menu drops the documents at once) and the home detail (no new documents).
 */
export function useWithdrawRecord() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      const reply = await call(homeApi.withdrawRecord);
      await loadPrincipal();
      return reply.ciemException.messages;
    },
    onSuccess: async (messages) => {
      notifyMessages(messages);
      await queryClient.invalidateQueries({ queryKey: homeKeys.detail() });
    },
  });
}

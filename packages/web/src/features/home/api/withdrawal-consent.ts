import { homeApi } from '@portail/contract/api/home';
import type { Message } from '@portail/contract/schemas/common';
import type { HomeDetail } from '@portail/contract/schemas/home';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api';
import { isApiError } from '../../../lib/api-error';
import { messagesOf } from '../../../lib/error-replies';
import { useLanguage } from '../../../lib/localised';
import { homeKeys } from '../../../lib/query-keys';
import { notifyMessages } from '../message-toasts';

/** A refused rule answers 409 with its messages; they are shown like the reply's. */
async function postConsent(agreed: boolean): Promise<Message[]> {
  try {
    const reply = await call(homeApi.withdrawalConsent, {
      body: agreed,
      handle: [409],
    });
    return reply.ciemException.messages;
  } catch (error) {
    if (isApiError(error) && error.status === 409) return messagesOf(error);
    throw error;
  }
}

function setConsent(data: HomeDetail | undefined, agreed: boolean): HomeDetail | undefined {
  return data?.profil === 'PARTICIPANT' ? { ...data, accordDesistement: agreed } : data;
}

/**
 * `POST adherents/accordDesistement` (docs/home.md#data): the checkbox moves at once; a warning or an error from
 * the server puts it back (docs/home.md#withdrawal-consent), and every message shows as a toast.
 */
export function useWithdrawalConsent() {
  const queryClient = useQueryClient();
  const key = homeKeys.detail(useLanguage());
  return useMutation({
    mutationFn: postConsent,
    onMutate: async (agreed: boolean) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<HomeDetail>(key);
      queryClient.setQueryData<HomeDetail>(key, (data) => setConsent(data, agreed));
      return { previous };
    },
    onSuccess: (messages, _agreed, context) => {
      notifyMessages(messages);
      if (messages.some((message) => message.level !== 'INFO'))
        queryClient.setQueryData(key, context?.previous);
    },
    onError: (_error, _agreed, context) => {
      queryClient.setQueryData(key, context?.previous);
    },
  });
}

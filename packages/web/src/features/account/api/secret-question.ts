import { type SecretAnswerBody, secretQuestionsReply } from '@portail/contract/schemas/account';
import { messagesReply } from '@portail/contract/schemas/common';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { accountKeys } from './account-keys';
import { type SaveOutcome, saveOutcome } from './server-outcome';

/** `GET listeQuestion` (001 §7): the secret questions offered. */
export function secretQuestionsQueryOptions() {
  return queryOptions({
    queryKey: accountKeys.questions(),
    queryFn: ({ signal }) => api('/listeQuestion', { schema: secretQuestionsReply, signal }),
    staleTime: 60 * 60 * 1000,
  });
}

export function useSecretQuestions(enabled: boolean) {
  return useQuery({ ...secretQuestionsQueryOptions(), enabled });
}

/** `POST user/question` (001 §7): the question chosen and its answer. */
export function saveSecretQuestion(body: SecretAnswerBody): Promise<SaveOutcome> {
  return saveOutcome(
    api('/user/question', { method: 'POST', body, schema: messagesReply, handle: [400, 403] }),
  );
}

import { accountApi } from '@portail/contract/api/account';
import type { SecretAnswerBody } from '@portail/contract/schemas/account';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api';
import { outcomeOf } from '../../../lib/outcome';
import { accountKeys } from './account-keys';

/** `GET listeQuestion` (docs/personal-details.md#secret-question): the secret questions offered. */
export function secretQuestionsQueryOptions() {
  return queryOptions({
    queryKey: accountKeys.questions(),
    queryFn: ({ signal }) => call(accountApi.secretQuestions, { signal }),
    staleTime: 60 * 60 * 1000,
  });
}

export function useSecretQuestions(enabled: boolean) {
  return useQuery({ ...secretQuestionsQueryOptions(), enabled });
}

/** `POST user/question` (docs/personal-details.md#secret-question): the question chosen and its answer. */
export function saveSecretQuestion(body: SecretAnswerBody) {
  return outcomeOf(call(accountApi.saveSecretQuestion, { body, handle: [400, 403] }));
}

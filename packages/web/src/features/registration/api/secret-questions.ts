import { secretQuestionsReply } from '@portail/contract/schemas/account';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { registrationKeys } from './registration-keys';

/** `GET registration/listeQuestion` (001 §7): the secret questions offered, before any sign-in. */
export function useRegistrationQuestions(enabled: boolean) {
  return useQuery({
    queryKey: registrationKeys.questions(),
    queryFn: ({ signal }) =>
      api('/registration/listeQuestion', { schema: secretQuestionsReply, auth: false, signal }),
    staleTime: 60 * 60 * 1000,
    enabled,
  });
}

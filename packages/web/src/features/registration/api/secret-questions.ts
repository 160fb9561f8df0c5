import { registrationApi } from '@portail/contract/api/registration';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api';
import { registrationKeys } from './registration-keys';

/** `GET registration/listeQuestion` (docs/personal-details.md#secret-question): the secret questions offered, before any sign-in. */
export function useRegistrationQuestions(enabled: boolean) {
  return useQuery({
    queryKey: registrationKeys.questions(),
    queryFn: ({ signal }) => call(registrationApi.secretQuestions, { auth: false, signal }),
    staleTime: 60 * 60 * 1000,
    enabled,
  });
}

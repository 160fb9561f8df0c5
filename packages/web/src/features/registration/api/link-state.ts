import { registrationApi } from '@portail/contract/api/registration';
import type { RegistrationState } from '@portail/contract/schemas/registration';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api';
import { isApiError } from '../../../lib/api-error';
import { proofHeaders } from './proof-store';
import { registrationKeys } from './registration-keys';

/** What a token the server refuses to read (too long, say) amounts to: a link that does not exist. */
const NOT_FOUND: RegistrationState = {
  ok: false,
  notFound: true,
  foundButExpired: false,
  compteParticipant: false,
  anglaisUniquement: false,
  identifiant: '',
  emailProfessionnel: null,
  portableProfessionnel: null,
  identiteConfirmee: false,
  codeConfirme: false,
  messages: { presentationParticipant: '', cgguparticipant: '', presentationCorrespondant: '' },
};

/**
 * `POST registration/token?token=` (docs/activation.md#link-states): not found, found but expired, or valid with what the
 * steps show. Checking does not spend the link; the state leaves the cache with the screen. Only a
 * browser holding the link's proof of identity is shown the steps after the identity check.
 */
export function useRegistrationLink(token: string) {
  return useQuery({
    queryKey: registrationKeys.link(token),
    queryFn: async ({ signal }) => {
      if (token === '') return NOT_FOUND;
      try {
        return await call(registrationApi.state, {
          query: { token },
          headers: proofHeaders(token),
          auth: false,
          handle: [400],
          signal,
        });
      } catch (error) {
        if (isApiError(error) && error.status === 400) return NOT_FOUND;
        throw error;
      }
    },
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
  });
}

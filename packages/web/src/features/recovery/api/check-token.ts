import { recoveryApi } from '@portail/contract/api/recovery';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api';
import { isApiError } from '../../../lib/api-error';
import { recoveryKeys } from './recovery-keys';

/**
 * `POST /resetPassword/token?token=` (docs/recovery.md#reset-link): whether a reset link may still be used. Checking does
 * not spend it. A refused token (too long, say) is simply not valid; only a failure to get an answer
 * is an error. The token leaves the cache with the screen.
 */
export function useTokenCheck(token: string | null) {
  return useQuery({
    queryKey: recoveryKeys.token(token ?? ''),
    queryFn: async ({ signal }) => {
      try {
        return await call(recoveryApi.passwordLinkValid, {
          // Never run without a token (`enabled`); an empty one is left out of the query, as null was.
          query: { token: token ?? '' },
          auth: false,
          handle: 'all',
          signal,
        });
      } catch (error) {
        if (isApiError(error) && error.status === 400) return false;
        throw error;
      }
    },
    enabled: token !== null,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
  });
}

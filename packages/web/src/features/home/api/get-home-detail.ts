import { correspondantHome } from '@portail/contract/schemas/home';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { isApiError } from '../../../lib/api-error';
import { notify } from '../../../lib/notify';

export const homeKeys = {
  detail: () => ['home', 'detail'] as const,
};

/** `GET get-detail-accueil` (000 §7): the correspondant's attachment and transfers in progress. */
export function homeDetailQueryOptions() {
  return queryOptions({
    queryKey: homeKeys.detail(),
    queryFn: async ({ signal }) => {
      try {
        return await api('/get-detail-accueil', { schema: correspondantHome, signal, handle: 'all' });
      } catch (error) {
        // 000 §8: accueil.error.detail; an ended session has said so already.
        if (!(isApiError(error) && error.status === 401) && !signal.aborted)
          notify('accueil.error.detail', 'error');
        throw error;
      }
    },
  });
}

export function useHomeDetail() {
  return useQuery(homeDetailQueryOptions());
}

import { homeApi } from '@portail/contract/api/home';
import type { Language } from '@portail/contract/constants';
import type { CorrespondantHome, ParticipantHome } from '@portail/contract/schemas/home';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api';
import { isApiError } from '../../../lib/api-error';
import { useLanguage } from '../../../lib/localised';
import { notify } from '../../../lib/notify';
import { homeKeys } from '../../../lib/query-keys';

/**
 * `GET get-detail-accueil` (docs/home.md#data): the participant's check-up and new documents, or the
 * correspondant's attachment and transfers in progress, told apart by `profil`.
 */
export function homeDetailQueryOptions(language: Language) {
  return queryOptions({
    queryKey: homeKeys.detail(language),
    queryFn: async ({ signal }) => {
      try {
        return await call(homeApi.detail, {
          query: { langue: language },
          signal,
          handle: 'all',
        });
      } catch (error) {
        // docs/home.md#data: accueil.error.detail; an ended session has said so already.
        if (!(isApiError(error) && error.status === 401) && !signal.aborted)
          notify('accueil.error.detail', 'error');
        throw error;
      }
    },
  });
}

export function useHomeDetail() {
  return useQuery(homeDetailQueryOptions(useLanguage()));
}

/** The correspondant's part of the home detail (null while loading, or for another profile). */
export function useCorrespondantHome() {
  const query = useHomeDetail();
  const data: CorrespondantHome | null = query.data?.profil === 'CORRESPONDANT' ? query.data : null;
  return { ...query, data };
}

/** The participant's part of the home detail (null while loading, or for another profile). */
export function useParticipantHome() {
  const query = useHomeDetail();
  const data: ParticipantHome | null = query.data?.profil === 'PARTICIPANT' ? query.data : null;
  return { ...query, data };
}

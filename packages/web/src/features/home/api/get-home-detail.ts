import { type CorrespondantHome, homeDetail, type ParticipantHome } from '@portail/contract/schemas/home';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { isApiError } from '../../../lib/api-error';
import { notify } from '../../../lib/notify';

export const homeKeys = {
  detail: () => ['home', 'detail'] as const,
  mammogram: () => ['home', 'mammogram'] as const,
};

/**
 * `GET get-detail-accueil` (000 §7): the participant's check-up and new documents, or the
 * correspondant's attachment and transfers in progress, told apart by `profil`.
 */
export function homeDetailQueryOptions() {
  return queryOptions({
    queryKey: homeKeys.detail(),
    queryFn: async ({ signal }) => {
      try {
        return await api('/get-detail-accueil', { schema: homeDetail, signal, handle: 'all' });
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

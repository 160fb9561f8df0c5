import { currentLanguage } from '../../lib/i18n';
import { queryClient } from '../../lib/query-client';
import { isCorrespondant, isParticipant, needsConfirmation } from '../../lib/session';
import { getSession } from '../../lib/session-store';
import { homeDetailQueryOptions } from './api/get-home-detail';

/**
 * Preloads `get-detail-accueil` before the home screen shows (docs/home.md#data), for the profiles that have a
 * home detail. A failure does not stop the screen: the query has shown `accueil.error.detail` and the
 * cards say they could not load.
 */
export async function homeLoader(): Promise<null> {
  const { token, user } = getSession();
  if (!token || !user || needsConfirmation(user)) return null;
  if (!isParticipant(user) && !isCorrespondant(user)) return null;
  try {
    await queryClient.ensureQueryData(homeDetailQueryOptions(currentLanguage()));
  } catch {
    // Reported by the query function.
  }
  return null;
}

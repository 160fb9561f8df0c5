import type { MutationListReply } from '@portail/contract/schemas/mutations';
import type { Caller } from '../../auth/caller';
import { PageCache } from '../../lib/page-cache';
import { scopeKey } from '../participants/participant-page-cache';
import type { MutationFilters } from './mutation.queries';

/**
 * Recently read pages of the transfer lists, by the caller's scope and the page asked for: the
 * correspondants of one establishment, company or group opening the list (and home's links to it) are
 * answered without a database round trip. A page depends on the scope only (what may be accepted is
 * decided by the scope too). Every write of transfers, establishments, their check-up types and labels
 * notifies at commit (migration 0006), and so does every write of participants (migration 0002): any
 * of them drops every page, in every instance.
 */
export const mutationPageCache = new PageCache<MutationListReply>();

/** The channel the transfers' triggers notify (migration 0006). */
export const MUTATIONS_CHANNEL = 'portail_mutations';

/** The caller's scope as a cache key, or null for a caller without one (nothing to cache). */
export function mutationScopeKey(caller: Caller): string | null {
  const scope = caller.correspondant;
  if (!scope) return null;
  const id = { ETABLISSEMENT: scope.establishmentId, ENTREPRISE: scope.companyId, GROUPEMENT: scope.groupId }[
    scope.level
  ];
  return id === null ? null : scopeKey(scope.level, id);
}

export function mutationPageKey(
  filters: MutationFilters,
  page: { limit: number; offset: number; descending: boolean },
): string {
  return [
    filters.inProgressOnly ? 'E' : 'A',
    filters.direction,
    page.limit,
    page.offset,
    page.descending ? 'D' : 'A',
  ].join('|');
}

import type { MutationListReply } from '@portail/contract/schemas/mutations';
import { PageCache } from '../../lib/page-cache';
import type { MutationFilters } from './mutation.queries';

/**
 * Recently read pages of the transfer lists, by the caller's scope and the page asked for: the
 * correspondants of one establishment, company or group opening the list (and home's links to it) are
 * answered without a database round trip. A page depends on the scope only (what may be accepted is
 * decided by the scope too). Every write of transfers, establishments, their check-up types and labels
 * notifies at commit (migration 0006), and so does every write of participants (migration 0002): any
 * of them drops every page, in every instance.
 */
export class MutationPageCache extends PageCache<MutationListReply> {}

/** The channel the transfers' triggers notify (migration 0006). */
export const MUTATIONS_CHANNEL = 'portail_mutations';

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

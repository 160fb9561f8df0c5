import type { DocumentListReply } from '@portail/contract/schemas/documents';
import { PageCache } from '../../lib/page-cache';

/**
 * Recently read pages of a participant's document lists: a participant going back and forth between
 * categories, pages and filters is answered without a database round trip. Every statement writing
 * documents, their attachments or their types NOTIFIEs at commit (migration 0004), and the pages of the
 * participants it named are dropped in every instance.
 */
export class DocumentPageCache extends PageCache<DocumentListReply> {}

/** The channel the documents triggers notify (migration 0004). */
export const DOCUMENTS_CHANNEL = 'portail_documents';

/**
 * A page's key within a participant's pages: the filters (in any order), the page, the sort and the
 * language of its titles.
 */
export function documentPageKey(
  filters: { category: string; years: readonly number[]; typeIds: readonly number[] },
  page: { limit: number; offset: number },
  descending: boolean,
  language: string,
): string {
  const sorted = (ids: readonly number[]) => [...ids].sort((a, b) => a - b).join('.');
  return [
    filters.category,
    sorted(filters.years),
    sorted(filters.typeIds),
    page.limit,
    page.offset,
    descending ? 'D' : 'A',
    language,
  ].join('|');
}

/** The key the triggers name a participant by. */
export const participantKey = (participantId: number) => `P${participantId}`;

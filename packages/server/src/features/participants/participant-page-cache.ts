import type { ParticipantRow } from '@portail/contract/schemas/participants';
import { PageCache } from '../../lib/page-cache';

export interface CachedPage {
  items: ParticipantRow[];
  totalRows: number;
}

/**
 * Recently read pages of the participant list's default view (a correspondant's active participants,
 * no search): the calls of a correspondant paging back and forth, and of colleagues of one
 * establishment, are answered without a database round trip. Every statement writing participants
 * NOTIFIEs, at commit, the establishments, companies and groups it touched (migration 0002); this
 * instance also drops everything after its own writes, before it answers them.
 */
export class ParticipantPageCache extends PageCache<CachedPage> {}

/** The channel the participants triggers notify (migration 0002). */
export const PARTICIPANTS_CHANNEL = 'portail_participants';

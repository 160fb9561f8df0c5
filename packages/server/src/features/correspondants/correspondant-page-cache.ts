import { PageCache } from '../../lib/page-cache';
import type { CorrespondantRow } from './correspondant.queries';

export interface CachedPage {
  /** Rows as stored: each caller's reply sets canSave for their own record only. */
  rows: CorrespondantRow[];
  totalRows: number;
}

/**
 * Recently read pages of the directory, by reach (an establishment's, company's or group's
 * correspondants, a participant's managers, everyone) and search: colleagues paging through one
 * directory are answered without a database round trip. The directory is small and seldom written:
 * any change drops every page, in this instance once a write's reply leaves, and in every instance by
 * the notification the triggers of migration 0005 send at commit, whoever wrote (the portal or the
 * back office: correspondants, establishments, companies, groups, enumeration labels).
 */
export class CorrespondantPageCache extends PageCache<CachedPage> {}

/** The channel the directory's triggers notify. */
export const CORRESPONDANTS_CHANNEL = 'portail_correspondants';

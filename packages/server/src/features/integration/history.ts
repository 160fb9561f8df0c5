import type { Bundle, BundleEntry, Resource } from '@medplum/fhirtypes';
import {
  type ChangeMethod,
  type FeedChange,
  type FeedPage,
  publishChangesInTurn,
  readChanges,
} from './change-feed';
import { refuseSinceBeyondRetention } from './feed-retention';
import { invalid } from './fhir-outcome';
import type { FhirContext, FhirResourceHandler } from './fhir-resource';
import { isRealDay } from './search-params';

/** `_since`: a FHIR instant (a time zone, seconds, up to six decimals) or a day (its midnight UTC). */
const INSTANT = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}:\d{2}(\.\d{1,6})?(Z|[+-]\d{2}:\d{2}))?$/;

export function parseSince(value: string | null): string | null {
  if (value === null) return null;
  if (!INSTANT.test(value) || !isRealDay(value.slice(0, 10)) || Number.isNaN(new Date(value).getTime()))
    throw invalid(
      '_since takes an instant such as 2026-11-25T09:30:00.123456Z (or a date)',
      '_since',
      'value',
    );
  return value.length === 10 ? `${value}T00:00:00Z` : value;
}

const STATUS: Record<ChangeMethod, string> = { POST: '201', PUT: '200', DELETE: '204' };

/**
 * The page's changes as history entries, one per resource (its last change in the page), each with the
 * resource as it is now: a change made later shows again later in the feed. A resource created within
 * the page is a POST even if it also changed after; one that no longer exists is a DELETE.
 */
export async function historyEntries(
  ctx: FhirContext,
  handlers: ReadonlyMap<string, FhirResourceHandler>,
  changes: readonly FeedChange[],
): Promise<BundleEntry[]> {
  const latest = new Map<string, { change: FeedChange; created: boolean }>();
  for (const change of changes) {
    const key = `${change.resourceType}/${change.resourceId}`;
    const created = (latest.get(key)?.created ?? false) || change.method === 'POST';
    latest.delete(key);
    latest.set(key, { change, created });
  }
  const entries: BundleEntry[] = [];
  for (const { change, created } of latest.values()) {
    const read = handlers.get(change.resourceType)?.read;
    const resource: Resource | null =
      change.method === 'DELETE' || !read ? null : await read(ctx, change.resourceId);
    const method: ChangeMethod = resource === null ? 'DELETE' : created ? 'POST' : change.method;
    const url = `${change.resourceType}/${change.resourceId}`;
    entries.push({
      fullUrl: `${ctx.baseUrl}/${url}`,
      ...(resource ? { resource } : {}),
      request: { method, url: method === 'POST' ? change.resourceType : url },
      response: {
        status: STATUS[method],
        lastModified: change.at,
        ...(resource?.meta?.versionId ? { etag: `W/"${resource.meta.versionId}"` } : {}),
      },
    });
  }
  return entries;
}

/**
 * GET [base]/_history and [base]/[type]/_history: the changes since `_since`, as a Bundle of type
 * history, oldest first, `_count` a page. `meta.lastUpdated` is the `_since` of the next poll (README
 * "Integration API: change feed and subscriptions"); the `next` link carries the same. A `_since` older
 * than the feed's retention answers 410 Gone (feed-retention.ts).
 */
export async function historyBundle(
  ctx: FhirContext,
  handlers: ReadonlyMap<string, FhirResourceHandler>,
  request: { path: string; types: readonly string[]; since: string | null; count: number },
): Promise<Bundle> {
  if (request.since !== null)
    await refuseSinceBeyondRetention(ctx.db, request.since, ctx.config.feedRetentionDays);
  await publishChangesInTurn(ctx.db);
  const page: FeedPage = await readChanges(ctx.db, request);
  const link = (since: string | null) => {
    const params = new URLSearchParams();
    if (since !== null) params.set('_since', since);
    params.set('_count', String(request.count));
    return `${ctx.baseUrl}/${request.path}?${params.toString()}`;
  };
  return {
    resourceType: 'Bundle',
    type: 'history',
    ...(page.next ? { meta: { lastUpdated: page.next } } : {}),
    link: [
      { relation: 'self', url: link(request.since) },
      ...(page.more ? [{ relation: 'next', url: link(page.next) }] : []),
    ],
    entry: await historyEntries(ctx, handlers, page.changes),
  };
}

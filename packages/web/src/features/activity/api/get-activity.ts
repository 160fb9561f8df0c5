import { activityApi } from '@portail/contract/api/activity';
import type { ActivityFilter } from '@portail/contract/schemas/activity';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api';
import { currentLanguage } from '../../../lib/i18n';

export interface ActivityPageQuery {
  type: ActivityFilter | undefined;
  page: number;
  size: number;
}

export const activityKeys = {
  all: ['activity'] as const,
  list: (query: ActivityPageQuery, language: string) => ['activity', 'list', query, language] as const,
};

/** `GET participant/activite` (docs/activity.md): a page of the participant's own activity, newest first. */
export function activityQueryOptions(query: ActivityPageQuery) {
  const langue = currentLanguage();
  return queryOptions({
    queryKey: activityKeys.list(query, langue),
    queryFn: ({ signal }) =>
      call(activityApi.list, {
        query: { page: query.page, size: query.size, langue, ...(query.type ? { type: query.type } : {}) },
        signal,
        // The page says why it failed, beside its Retry: no toast as well.
        handle: 'all',
      }),
    placeholderData: keepPreviousData,
  });
}

export function useActivity(query: ActivityPageQuery) {
  return useQuery(activityQueryOptions(query));
}

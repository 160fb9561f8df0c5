import { sheetApi } from '@portail/contract/api/sheets';
import { DOCUMENT_PAGE_SIZE } from '@portail/contract/constants';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api';

export const sheetKeys = {
  all: ['sheets'] as const,
  list: (page: number) => ['sheets', 'list', page] as const,
};

/** `GET fiche/list` (docs/documents-and-sheets.md#sheets, docs/interface-conventions.md#server-messages): 20 a page counted from 1, newest first, active only. */
export function sheetsQueryOptions(page: number) {
  return queryOptions({
    queryKey: sheetKeys.list(page),
    queryFn: ({ signal }) =>
      call(sheetApi.list, {
        query: { page, size: DOCUMENT_PAGE_SIZE, sort: 'dateCreation,DESC', actif: 'true' },
        signal,
        // The page says why it failed, beside its Retry: no toast as well.
        handle: 'all',
      }),
    placeholderData: keepPreviousData,
  });
}

export function useSheets(page: number) {
  return useQuery(sheetsQueryOptions(page));
}

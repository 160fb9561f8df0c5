import { documentApi } from '@portail/contract/api/documents';
import { DOCUMENT_PAGE_SIZE, type Language } from '@portail/contract/constants';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api';
import { useLanguage } from '../../../lib/localised';
import { type DocumentListParams, documentKeys } from './document-keys';

/** Newest first (docs/documents-and-sheets.md#document-lists). */
export const DOCUMENT_SORT = 'dateCreation,DESC';

/**
 * `GET document/list` (docs/documents-and-sheets.md#api): one page of the category's active documents for the chosen years and
 * types, both sent as JSON lists, titled in `language`. `params` null means a selection is empty: no call at all (docs/documents-and-sheets.md#filters).
 */
export function documentsQueryOptions(params: DocumentListParams | null, language: Language) {
  return queryOptions({
    queryKey: params ? documentKeys.list(params, language) : [...documentKeys.all, 'list', 'none'],
    queryFn: ({ signal }) => {
      if (!params) throw new Error('no document search without years and types');
      return call(documentApi.list, {
        query: {
          page: params.page,
          size: DOCUMENT_PAGE_SIZE,
          sort: DOCUMENT_SORT,
          actif: 'true',
          categorieExtraciem: params.category,
          anneeDocuments: [...params.years],
          typesDocuments: [...params.types],
          langue: language,
        },
        signal,
        // The page says why it failed, beside its Retry: no toast as well.
        handle: 'all',
      });
    },
    enabled: params !== null,
    placeholderData: (previous) => (params ? keepPreviousData(previous) : undefined),
  });
}

export function useDocuments(params: DocumentListParams | null) {
  return useQuery(documentsQueryOptions(params, useLanguage()));
}

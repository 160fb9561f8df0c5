import { documentApi } from '@portail/contract/api/documents';
import type { DocumentCategory } from '@portail/contract/schemas/documents';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api';
import { alreadyTold, failureKey } from '../../../lib/failure-key';
import { notify } from '../../../lib/notify';
import { documentKeys } from './document-keys';

/** `GET abstractenum/typedocument/{categorie}` (docs/documents-and-sheets.md#api): the active types of the category. */
export function documentTypesQueryOptions(category: DocumentCategory) {
  return queryOptions({
    queryKey: documentKeys.types(category),
    queryFn: async ({ signal }) => {
      try {
        return await call(documentApi.types, { params: { categorie: category }, signal, handle: 'all' });
      } catch (error) {
        if (!alreadyTold(error, signal)) notify(failureKey(error, 'documents.error.types'), 'error');
        throw error;
      }
    },
    staleTime: 5 * 60_000,
  });
}

/** `GET annees-bilans` (docs/documents-and-sheets.md#api): the years of the participant's documents, newest first. */
export function documentYearsQueryOptions() {
  return queryOptions({
    queryKey: documentKeys.years(),
    queryFn: async ({ signal }) => {
      try {
        return await call(documentApi.years, { signal, handle: 'all' });
      } catch (error) {
        if (!alreadyTold(error, signal)) notify(failureKey(error, 'documents.error.years'), 'error');
        throw error;
      }
    },
  });
}

export function useDocumentTypes(category: DocumentCategory) {
  return useQuery(documentTypesQueryOptions(category));
}

export function useDocumentYears() {
  return useQuery(documentYearsQueryOptions());
}

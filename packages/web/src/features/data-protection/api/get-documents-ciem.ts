import { dataProtectionApi } from '@portail/contract/api/data-protection';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api';

export const legalKeys = {
  all: ['legal'] as const,
  documents: () => ['legal', 'documents'] as const,
};

/**
 * `GET get-documents-ciem` (docs/data-protection-and-legal.md#data-protection-documents): the data-protection documents as folders of PDFs. Every failure
 * is the page's to show (docs/data-protection-and-legal.md#data-protection-documents `documentciem.telechargement.error`), so the client adds no toast.
 */
export function documentsCiemQueryOptions() {
  return queryOptions({
    queryKey: legalKeys.documents(),
    queryFn: ({ signal }) => call(dataProtectionApi.dataProtection, { signal, handle: 'all' }),
    // The documents change with a new release of the policy, not during a visit.
    staleTime: 10 * 60_000,
  });
}

export function useDocumentsCiem() {
  return useQuery(documentsCiemQueryOptions());
}

import type { DocumentCategory } from '@portail/contract/schemas/documents';

/** The parameters of one page of a document list (000 §7), pages counted from 1. */
export interface DocumentListParams {
  category: DocumentCategory;
  page: number;
  years: readonly number[];
  types: readonly number[];
}

/** Query keys of the documents feature. */
export const documentKeys = {
  all: ['documents'] as const,
  list: (params: DocumentListParams) => ['documents', 'list', params] as const,
  types: (category: DocumentCategory) => ['documents', 'types', category] as const,
  years: () => ['documents', 'years'] as const,
  mail: () => ['documents', 'mail'] as const,
};

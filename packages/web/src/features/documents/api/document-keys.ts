import type { Language } from '@portail/contract/constants';
import type { DocumentCategory } from '@portail/contract/schemas/documents';

/** The parameters of one page of a document list (docs/documents-and-sheets.md#api), pages counted from 1. */
export interface DocumentListParams {
  category: DocumentCategory;
  page: number;
  years: readonly number[];
  types: readonly number[];
}

/** Query keys of the documents feature. */
export const documentKeys = {
  all: ['documents'] as const,
  /** A page in one language: the server writes the titles in it (`langue`). */
  list: (params: DocumentListParams, language: Language) => ['documents', 'list', language, params] as const,
  types: (category: DocumentCategory) => ['documents', 'types', category] as const,
  years: () => ['documents', 'years'] as const,
  mail: () => ['documents', 'mail'] as const,
};

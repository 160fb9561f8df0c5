import type { DocumentCategory } from '@portail/contract/schemas/documents';
import type { DocumentListParams } from './api/document-keys';

export interface DocumentSearch {
  /** The list call's parameters, or null when no call may be made. */
  params: DocumentListParams | null;
  /** What the screen says instead of a table (docs/documents-and-sheets.md#filters), as an i18n key. */
  messageKey: string | null;
}

/**
 * The search of a document list (docs/documents-and-sheets.md#filters): at least one year and one type, else the table is empty,
 * no call is made and the screen says what is missing. `page` counts from 0 on screen, from 1 in the
 * call (docs/documents-and-sheets.md#api).
 */
export function documentSearch(
  category: DocumentCategory,
  page: number,
  years: readonly number[],
  types: readonly number[],
): DocumentSearch {
  if (years.length === 0) return { params: null, messageKey: 'documents.filters.noYear' };
  if (types.length === 0) return { params: null, messageKey: 'documents.filters.noType' };
  return {
    params: {
      category,
      page: page + 1,
      years: [...years].sort((a, b) => b - a),
      types: [...types].sort((a, b) => a - b),
    },
    messageKey: null,
  };
}

/** A selection the user has not touched yet is everything loaded (docs/documents-and-sheets.md#filters: all chosen by default). */
export function effectiveSelection<T>(chosen: readonly T[] | null, available: readonly T[] | undefined): T[] {
  return chosen ? [...chosen] : [...(available ?? [])];
}

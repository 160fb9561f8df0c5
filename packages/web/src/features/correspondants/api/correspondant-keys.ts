import type { CorrespondantListQuery } from '@portail/contract/schemas/correspondants';

/** Query keys of the correspondants feature; a save invalidates by these prefixes. */
export const correspondantKeys = {
  all: ['correspondants'] as const,
  lists: () => ['correspondants', 'list'] as const,
  list: (query: CorrespondantListQuery) => ['correspondants', 'list', query] as const,
  detail: (id: number) => ['correspondants', 'detail', id] as const,
};

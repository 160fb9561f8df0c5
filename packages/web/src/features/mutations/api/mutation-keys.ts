import type { MutationListQuery } from '@portail/contract/schemas/mutations';

/** Query keys of the mutations feature; accept and cancel invalidate by the `all` prefix. */
export const mutationKeys = {
  all: ['mutations'] as const,
  list: (query: MutationListQuery) => ['mutations', 'list', query] as const,
  detail: (id: number) => ['mutations', 'detail', id] as const,
};

import type { CheckupListQuery, HistoryListQuery } from '@portail/contract/schemas/checkups';

/** Query keys of the check-ups feature. */
export const checkupKeys = {
  all: ['checkups'] as const,
  list: (query: CheckupListQuery) => ['checkups', 'list', query] as const,
  history: (query: HistoryListQuery) => ['checkups', 'history', query] as const,
};

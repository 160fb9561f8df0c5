import { useCallback } from 'react';
import { useListAddress } from '../../lib/use-list-address';
import { readCheckupState, toCheckupQuery, writeCheckupState } from './list-params';

/** How a check-up list sorts: the fields it may sort on and its default order. */
export interface CheckupSort {
  sortFields: readonly string[];
  defaultSort: string;
}

/**
 * The list state of a check-up screen, kept in the address (a search goes back to the first page),
 * and the query of the page it shows.
 */
export function useCheckupList({ sortFields, defaultSort }: CheckupSort) {
  const read = useCallback(
    (params: URLSearchParams) => readCheckupState(params, sortFields, defaultSort),
    [sortFields, defaultSort],
  );
  const write = useCallback(
    (state: Parameters<typeof writeCheckupState>[0]) => writeCheckupState(state, defaultSort),
    [defaultSort],
  );
  const list = useListAddress(read, write);
  return { ...list, query: toCheckupQuery(list.state, defaultSort) };
}

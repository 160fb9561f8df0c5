import { useCallback } from 'react';
import { useListAddress } from '../../lib/use-list-address';
import { readCheckupState, writeCheckupState } from './list-params';

/** The list state of a check-up screen, kept in the address; a search goes back to the first page. */
export function useCheckupList(sortFields: readonly string[], defaultSort: string) {
  const read = useCallback(
    (params: URLSearchParams) => readCheckupState(params, sortFields, defaultSort),
    [sortFields, defaultSort],
  );
  const write = useCallback(
    (state: Parameters<typeof writeCheckupState>[0]) => writeCheckupState(state, defaultSort),
    [defaultSort],
  );
  return useListAddress(read, write);
}

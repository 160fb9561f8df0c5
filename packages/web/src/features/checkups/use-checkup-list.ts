import type { CheckupFilters } from '@portail/contract/schemas/checkups';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import type { TableQuery } from '../../components/table-query';
import { type CheckupListState, readCheckupState, writeCheckupState } from './list-params';

/** The list state of a check-up screen, kept in the address; a search goes back to the first page. */
export function useCheckupList(sortFields: readonly string[], defaultSort: string) {
  const [params, setParams] = useSearchParams();
  const state: CheckupListState = useMemo(
    () => readCheckupState(params, sortFields, defaultSort),
    [params, sortFields, defaultSort],
  );

  const onSearch = useCallback(
    (filters: CheckupFilters) =>
      setParams(
        (current) =>
          writeCheckupState(
            { filters, table: { ...readCheckupState(current, sortFields, defaultSort).table, page: 0 } },
            defaultSort,
          ),
        { replace: true },
      ),
    [setParams, sortFields, defaultSort],
  );

  const onQueryChange = useCallback(
    (table: TableQuery) =>
      setParams(
        (current) =>
          writeCheckupState(
            { filters: readCheckupState(current, sortFields, defaultSort).filters, table },
            defaultSort,
          ),
        { replace: true },
      ),
    [setParams, sortFields, defaultSort],
  );

  return { state, onSearch, onQueryChange };
}

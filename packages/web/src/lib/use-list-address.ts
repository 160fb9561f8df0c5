import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import type { TableQuery } from '../components/table-query';

/** A server list's filters and page, as its address holds them (docs/interface-conventions.md#lists). */
export interface ListAddress<F> {
  filters: F;
  table: TableQuery;
}

/**
 * The state of a list kept in the address, so that coming back to it or sharing its link shows the
 * same page: what the address says (`read`), a search (back to the first page, same size and sort) and
 * a change of page or sort (same filters). Both replace the address rather than add to the history.
 * `read` and `write` are the list's own and must keep their identity between renders.
 */
export function useListAddress<F>(
  read: (params: URLSearchParams) => ListAddress<F>,
  write: (state: ListAddress<F>) => URLSearchParams,
) {
  const [params, setParams] = useSearchParams();
  const state = useMemo(() => read(params), [read, params]);
  const onSearch = useCallback(
    (filters: F) =>
      setParams((current) => write({ filters, table: { ...read(current).table, page: 0 } }), {
        replace: true,
      }),
    [read, write, setParams],
  );
  const onQueryChange = useCallback(
    (table: TableQuery) =>
      setParams((current) => write({ filters: read(current).filters, table }), { replace: true }),
    [read, write, setParams],
  );
  return { state, onSearch, onQueryChange };
}

/** What a list's query gives its table: a page of rows and their count. */
export interface ListResult<R> {
  data: { items: R[]; totalRows: number } | undefined;
  isFetching: boolean;
  isError: boolean;
}

/**
 * The rows a list's table shows for the page its address asks: none after a failure (the page says
 * so above the table), and until the first reply a count that keeps that page valid, as the grid would
 * otherwise go back to the first one.
 */
export function listTableRows<R>({ data, isFetching, isError }: ListResult<R>, table: TableQuery) {
  return {
    rows: isError ? [] : (data?.items ?? []),
    rowCount: isError ? 0 : (data?.totalRows ?? (table.page + 1) * table.size),
    loading: isFetching,
    failed: isError,
    query: table,
  };
}

import type { GridValidRowModel } from '@mui/x-data-grid';
import { DataTable, type DataTableProps } from '../../../components/data-table';
import { RetryAlert } from '../../../components/retry-alert';

/** A Centre list's query: a page of rows and their count, or why it failed. */
interface CentreListResult<R> {
  data: { items: R[]; totalRows: number } | undefined;
  isFetching: boolean;
  isError: boolean;
  error: unknown;
  refetch: () => unknown;
}

export type CentreListTableProps<R extends GridValidRowModel> = Omit<
  DataTableProps<R>,
  'rows' | 'rowCount' | 'loading' | 'failed' | 'query'
> & {
  list: CentreListResult<R>;
  /** The page and size the address asks for. */
  query: { page: number; size: number };
  /** What failed, said above the table with the reason and a Retry. */
  loadError: string;
};

/**
 * The table of a Centre list and, when its call failed, the alert above it. A failed list shows no
 * rows; the grid's loading bar shows only before the first reply (the list then refreshes quietly).
 */
export function CentreListTable<R extends GridValidRowModel>({
  list,
  query,
  loadError,
  ...table
}: CentreListTableProps<R>) {
  return (
    <>
      {list.isError && (
        <RetryAlert spaced error={list.error} onRetry={() => void list.refetch()}>
          {loadError}
        </RetryAlert>
      )}
      <DataTable<R>
        {...table}
        rows={list.isError ? [] : (list.data?.items ?? [])}
        rowCount={list.isError ? 0 : (list.data?.totalRows ?? 0)}
        loading={list.isFetching && !list.data}
        failed={list.isError}
        query={{ page: query.page, size: query.size }}
      />
    </>
  );
}

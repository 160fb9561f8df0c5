import { PAGE_SIZE } from '@portail/contract/constants';
import { useCallback, useState } from 'react';

export type SortDirection = 'ASC' | 'DESC';

/** The server's list parameters (000 §7): zero-based page, size, sort as `field,ASC|DESC`. */
export interface TableQuery {
  page: number;
  size: number;
  sort?: string;
}

export interface SortItem {
  field: string;
  direction: SortDirection;
}

export function toSortParam(sort: SortItem | null): string | undefined {
  return sort ? `${sort.field},${sort.direction}` : undefined;
}

export function fromSortParam(sort: string | undefined): SortItem | null {
  if (!sort) return null;
  const [field, direction] = sort.split(',');
  if (!field) return null;
  return { field, direction: direction?.toUpperCase() === 'DESC' ? 'DESC' : 'ASC' };
}

/** State of a server-side list; changing the sort goes back to the first page. */
export function useTableQuery(initial: { size?: number; sort?: SortItem } = {}) {
  const [query, setQuery] = useState<TableQuery>({
    page: 0,
    size: initial.size ?? PAGE_SIZE,
    sort: toSortParam(initial.sort ?? null),
  });
  /** A filter changed: back to the first page. */
  const resetPage = useCallback(() => setQuery((current) => ({ ...current, page: 0 })), []);
  return { query, setQuery, resetPage };
}

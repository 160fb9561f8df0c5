import { PAGE_SIZE, PAGE_SIZE_OPTIONS } from '@portail/contract/constants';
import { useCallback, useState } from 'react';

export type SortDirection = 'ASC' | 'DESC';

/** The server's list parameters (docs/interface-conventions.md#lists): zero-based page, size, sort as `field,ASC|DESC`. */
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

/** What a list's address falls back to: its page size and default sort, and the sorts it allows. */
export interface TableDefaults {
  pageSize: number;
  defaultSort: string;
  sortFields: readonly string[];
}

function readCount(value: string | null, fallback: number): number {
  const number = Number(value);
  return value !== null && Number.isInteger(number) && number >= 0 ? number : fallback;
}

/**
 * The page, size and sort a list's address holds (`?page=2&size=20&sort=nom,DESC`); a value the list
 * does not offer (a hand-edited link) gives the default.
 */
export function readTableQuery(params: URLSearchParams, defaults: TableDefaults): TableQuery {
  const size = readCount(params.get('size'), defaults.pageSize);
  const sort = fromSortParam(params.get('sort') ?? undefined);
  return {
    page: readCount(params.get('page'), 0),
    size: (PAGE_SIZE_OPTIONS as readonly number[]).includes(size) ? size : defaults.pageSize,
    sort:
      sort && defaults.sortFields.includes(sort.field)
        ? `${sort.field},${sort.direction}`
        : defaults.defaultSort,
  };
}

/** Writes the page, size and sort into the address, leaving the defaults out. */
export function writeTableQuery(
  params: URLSearchParams,
  table: TableQuery,
  defaults: Pick<TableDefaults, 'pageSize' | 'defaultSort'>,
): void {
  if (table.page > 0) params.set('page', String(table.page));
  if (table.size !== defaults.pageSize) params.set('size', String(table.size));
  if (table.sort && table.sort !== defaults.defaultSort) params.set('sort', table.sort);
}

/** An id as typed in a search field: a whole positive number (a PostgreSQL integer), nothing, or invalid. */
export function parseWholeId(text: string): number | undefined | 'invalid' {
  const trimmed = text.trim();
  if (trimmed === '') return undefined;
  return /^\d{1,10}$/.test(trimmed) && Number(trimmed) > 0 && Number(trimmed) <= 2_147_483_647
    ? Number(trimmed)
    : 'invalid';
}

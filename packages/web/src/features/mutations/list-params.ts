import { MUTATION_PAGE_SIZE, PAGE_SIZE_OPTIONS } from '@portail/contract/constants';
import {
  DEFAULT_MUTATION_SORT,
  MUTATION_SORT_FIELDS,
  type MutationListQuery,
} from '@portail/contract/schemas/mutations';
import { fromSortParam, type TableQuery } from '../../components/table-query';

/**
 * The list's filters and page live in the address (`?entrantes=true&page=1`), so that coming back from
 * a transfer's detail, or following the home card's link, shows the same list. Defaults are left out.
 */
export interface MutationFilters {
  /** Transfers in progress only (001 §2: checked by default). */
  inProgressOnly: boolean;
  /** Incoming and outgoing exclude each other; an establishment correspondant's filters only. */
  incoming: boolean;
  outgoing: boolean;
}

export interface MutationListState {
  filters: MutationFilters;
  table: TableQuery;
}

const SORT_FIELDS: readonly string[] = MUTATION_SORT_FIELDS;

function readInt(value: string | null, fallback: number): number {
  const number = Number(value);
  return value !== null && Number.isInteger(number) && number >= 0 ? number : fallback;
}

/**
 * The state an address describes. Without the direction filters (a company or group correspondant)
 * they are dropped, as the server would refuse them; both at once keep incoming only.
 */
export function readListState(params: URLSearchParams, directions: boolean): MutationListState {
  const size = readInt(params.get('size'), MUTATION_PAGE_SIZE);
  const sort = fromSortParam(params.get('sort') ?? undefined);
  const incoming = directions && params.get('entrantes') === 'true';
  return {
    filters: {
      inProgressOnly: params.get('encours') !== 'false',
      incoming,
      outgoing: directions && !incoming && params.get('sortantes') === 'true',
    },
    table: {
      page: readInt(params.get('page'), 0),
      size: (PAGE_SIZE_OPTIONS as readonly number[]).includes(size) ? size : MUTATION_PAGE_SIZE,
      sort:
        sort && SORT_FIELDS.includes(sort.field) ? `${sort.field},${sort.direction}` : DEFAULT_MUTATION_SORT,
    },
  };
}

export function writeListState({ filters, table }: MutationListState): URLSearchParams {
  const params = new URLSearchParams();
  if (!filters.inProgressOnly) params.set('encours', 'false');
  if (filters.incoming) params.set('entrantes', 'true');
  else if (filters.outgoing) params.set('sortantes', 'true');
  if (table.page > 0) params.set('page', String(table.page));
  if (table.size !== MUTATION_PAGE_SIZE) params.set('size', String(table.size));
  if (table.sort && table.sort !== DEFAULT_MUTATION_SORT) params.set('sort', table.sort);
  return params;
}

/** The call's parameters (001 §7); a direction is sent only when chosen. */
export function toListQuery({ filters, table }: MutationListState): MutationListQuery {
  return {
    page: table.page,
    size: table.size,
    sort: table.sort ?? DEFAULT_MUTATION_SORT,
    encours: filters.inProgressOnly,
    ...(filters.incoming ? { entrantes: true } : {}),
    ...(filters.outgoing ? { sortantes: true } : {}),
  };
}

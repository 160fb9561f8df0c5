import { MUTATION_PAGE_SIZE } from '@portail/contract/constants';
import {
  DEFAULT_MUTATION_SORT,
  MUTATION_SORT_FIELDS,
  type MutationListQuery,
} from '@portail/contract/schemas/mutations';
import { readTableQuery, type TableDefaults, writeTableQuery } from '../../components/table-query';
import type { ListAddress } from '../../lib/use-list-address';

/**
 * The list's filters and page live in the address (`?entrantes=true&page=1`), so that coming back from
 * a transfer's detail, or following the home card's link, shows the same list. Defaults are left out.
 */
export interface MutationFilters {
  /** Transfers in progress only (docs/transfers.md#filters: checked by default). */
  inProgressOnly: boolean;
  /** Incoming and outgoing exclude each other; an establishment correspondant's filters only. */
  incoming: boolean;
  outgoing: boolean;
}

export type MutationListState = ListAddress<MutationFilters>;

const TABLE: TableDefaults = {
  pageSize: MUTATION_PAGE_SIZE,
  defaultSort: DEFAULT_MUTATION_SORT,
  sortFields: MUTATION_SORT_FIELDS,
};

/**
 * The state an address describes. Without the direction filters (a company or group correspondant)
 * they are dropped, as the server would refuse them; both at once keep incoming only.
 */
export function readListState(params: URLSearchParams, directions: boolean): MutationListState {
  const incoming = directions && params.get('entrantes') === 'true';
  return {
    filters: {
      inProgressOnly: params.get('encours') !== 'false',
      incoming,
      outgoing: directions && !incoming && params.get('sortantes') === 'true',
    },
    table: readTableQuery(params, TABLE),
  };
}

export function writeListState({ filters, table }: MutationListState): URLSearchParams {
  const params = new URLSearchParams();
  if (!filters.inProgressOnly) params.set('encours', 'false');
  if (filters.incoming) params.set('entrantes', 'true');
  else if (filters.outgoing) params.set('sortantes', 'true');
  writeTableQuery(params, table, TABLE);
  return params;
}

/** The call's parameters (docs/transfers.md#api); a direction is sent only when chosen. */
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

import { PAGE_SIZE } from '@portail/contract/constants';
import {
  CORRESPONDANT_SORT_FIELDS,
  type CorrespondantListQuery,
  DEFAULT_CORRESPONDANT_SORT,
} from '@portail/contract/schemas/correspondants';
import {
  parseWholeId,
  readTableQuery,
  type TableDefaults,
  writeTableQuery,
} from '../../components/table-query';
import type { ListAddress } from '../../lib/use-list-address';

/**
 * The directory's search and page live in the address (`?nom=…&page=2`), so that coming back from a
 * correspondant's page, or sharing the link, shows the same list. Defaults are left out of it.
 */
export interface CorrespondantFilters {
  lastName: string;
  firstName: string;
  /** As typed; searched only when it is a whole positive number. */
  establishmentId: string;
  businessName: string;
  /** The business name is the company's rather than the establishment's (docs/correspondants.md#detail). */
  companySearch: boolean;
}

export const DEFAULT_FILTERS: CorrespondantFilters = {
  lastName: '',
  firstName: '',
  establishmentId: '',
  businessName: '',
  companySearch: false,
};

export type ListState = ListAddress<CorrespondantFilters>;

const TABLE: TableDefaults = {
  pageSize: PAGE_SIZE,
  defaultSort: DEFAULT_CORRESPONDANT_SORT,
  sortFields: CORRESPONDANT_SORT_FIELDS,
};

export function readListState(params: URLSearchParams): ListState {
  return {
    filters: {
      lastName: params.get('nom') ?? '',
      firstName: params.get('prenom') ?? '',
      establishmentId: params.get('idEtablissement') ?? '',
      businessName: params.get('raisonSociale') ?? '',
      companySearch: params.get('rechercheEntreprise') === 'true',
    },
    table: readTableQuery(params, TABLE),
  };
}

export function writeListState({ filters, table }: ListState): URLSearchParams {
  const params = new URLSearchParams();
  const text: [string, string][] = [
    ['nom', filters.lastName],
    ['prenom', filters.firstName],
    ['idEtablissement', filters.establishmentId],
    ['raisonSociale', filters.businessName],
  ];
  for (const [name, value] of text) if (value.trim()) params.set(name, value.trim());
  if (filters.companySearch) params.set('rechercheEntreprise', 'true');
  writeTableQuery(params, table, TABLE);
  return params;
}

/** An establishment id as typed: a whole positive number, or nothing. */
export const parseEstablishmentId = parseWholeId;

/** The call's parameters (docs/correspondants.md#api): text trimmed, an unreadable establishment id left out. */
export function toListQuery({ filters, table }: ListState): CorrespondantListQuery {
  const establishmentId = parseEstablishmentId(filters.establishmentId);
  const lastName = filters.lastName.trim();
  const firstName = filters.firstName.trim();
  const businessName = filters.businessName.trim();
  return {
    page: table.page,
    size: table.size,
    sort: table.sort ?? DEFAULT_CORRESPONDANT_SORT,
    ...(lastName ? { nom: lastName } : {}),
    ...(firstName ? { prenom: firstName } : {}),
    ...(typeof establishmentId === 'number' ? { idEtablissement: establishmentId } : {}),
    ...(businessName ? { raisonSociale: businessName } : {}),
    // The flag says where the business name is searched: sent only with one.
    ...(businessName && filters.companySearch ? { rechercheEntreprise: true } : {}),
  };
}

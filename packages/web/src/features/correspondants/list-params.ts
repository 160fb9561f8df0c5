import { PAGE_SIZE, PAGE_SIZE_OPTIONS } from '@portail/contract/constants';
import {
  CORRESPONDANT_SORT_FIELDS,
  type CorrespondantListQuery,
  DEFAULT_CORRESPONDANT_SORT,
} from '@portail/contract/schemas/correspondants';
import { fromSortParam, type TableQuery } from '../../components/table-query';

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
  /** The business name is the company's rather than the establishment's (000 §2.10). */
  companySearch: boolean;
}

export const DEFAULT_FILTERS: CorrespondantFilters = {
  lastName: '',
  firstName: '',
  establishmentId: '',
  businessName: '',
  companySearch: false,
};

export interface ListState {
  filters: CorrespondantFilters;
  table: TableQuery;
}

const SORT_FIELDS: readonly string[] = CORRESPONDANT_SORT_FIELDS;

function readInt(value: string | null, fallback: number): number {
  const number = Number(value);
  return value !== null && Number.isInteger(number) && number >= 0 ? number : fallback;
}

export function readListState(params: URLSearchParams): ListState {
  const size = readInt(params.get('size'), PAGE_SIZE);
  const sort = fromSortParam(params.get('sort') ?? undefined);
  return {
    filters: {
      lastName: params.get('nom') ?? '',
      firstName: params.get('prenom') ?? '',
      establishmentId: params.get('idEtablissement') ?? '',
      businessName: params.get('raisonSociale') ?? '',
      companySearch: params.get('rechercheEntreprise') === 'true',
    },
    table: {
      page: readInt(params.get('page'), 0),
      size: (PAGE_SIZE_OPTIONS as readonly number[]).includes(size) ? size : PAGE_SIZE,
      sort:
        sort && SORT_FIELDS.includes(sort.field)
          ? `${sort.field},${sort.direction}`
          : DEFAULT_CORRESPONDANT_SORT,
    },
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
  if (table.page > 0) params.set('page', String(table.page));
  if (table.size !== PAGE_SIZE) params.set('size', String(table.size));
  if (table.sort && table.sort !== DEFAULT_CORRESPONDANT_SORT) params.set('sort', table.sort);
  return params;
}

/** An establishment id as typed: a whole positive number, or nothing. */
export function parseEstablishmentId(text: string): number | undefined | 'invalid' {
  const trimmed = text.trim();
  if (trimmed === '') return undefined;
  return /^\d{1,10}$/.test(trimmed) && Number(trimmed) > 0 && Number(trimmed) <= 2_147_483_647
    ? Number(trimmed)
    : 'invalid';
}

/** The call's parameters (000 §7): text trimmed, an unreadable establishment id left out. */
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

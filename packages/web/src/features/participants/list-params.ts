import { PAGE_SIZE } from '@portail/contract/constants';
import type { ParticipantListFilter, ParticipantListQuery } from '@portail/contract/schemas/participants';
import { DEFAULT_PARTICIPANT_SORT, PARTICIPANT_SORT_FIELDS } from '@portail/contract/schemas/participants';
import {
  parseWholeId,
  readTableQuery,
  type TableDefaults,
  writeTableQuery,
} from '../../components/table-query';
import type { ListAddress } from '../../lib/use-list-address';

/**
 * The list's filters and page live in the address (`?nom=…&page=2`), so that coming back from a
 * participant's page, or sharing the link, shows the same list. Defaults are left out of it.
 */
export interface ParticipantFilters {
  /** Active participants only (docs/participants.md#search default). */
  activeOnly: boolean;
  lastName: string;
  firstName: string;
  /** As typed; searched only when it is a whole positive number. */
  participantId: string;
  /** A company or establishment of the scope (group and company correspondants), '' for all. */
  companyId: string;
  establishmentId: string;
}

export const DEFAULT_FILTERS: ParticipantFilters = {
  activeOnly: true,
  lastName: '',
  firstName: '',
  participantId: '',
  companyId: '',
  establishmentId: '',
};

export type ListState = ListAddress<ParticipantFilters>;

const TABLE: TableDefaults = {
  pageSize: PAGE_SIZE,
  defaultSort: DEFAULT_PARTICIPANT_SORT,
  sortFields: PARTICIPANT_SORT_FIELDS,
};

export function readListState(params: URLSearchParams): ListState {
  return {
    filters: {
      activeOnly: params.get('actif') !== 'false',
      lastName: params.get('nom') ?? '',
      firstName: params.get('prenom') ?? '',
      participantId: params.get('id') ?? '',
      companyId: params.get('entreprise') ?? '',
      establishmentId: params.get('etablissement') ?? '',
    },
    table: readTableQuery(params, TABLE),
  };
}

export function writeListState({ filters, table }: ListState): URLSearchParams {
  const params = new URLSearchParams();
  if (!filters.activeOnly) params.set('actif', 'false');
  if (filters.lastName.trim()) params.set('nom', filters.lastName.trim());
  if (filters.firstName.trim()) params.set('prenom', filters.firstName.trim());
  if (filters.participantId.trim()) params.set('id', filters.participantId.trim());
  if (filters.companyId) params.set('entreprise', filters.companyId);
  if (filters.establishmentId) params.set('etablissement', filters.establishmentId);
  writeTableQuery(params, table, TABLE);
  return params;
}

/** A participant id as typed: a whole positive number, or nothing. */
export const parseParticipantId = parseWholeId;

/** The call's parameters (docs/participants.md#api): text trimmed, an unreadable id left out. */
export function toListQuery({ filters, table }: ListState): ParticipantListQuery {
  const id = parseParticipantId(filters.participantId);
  const companyId = parseWholeId(filters.companyId);
  const establishmentId = parseWholeId(filters.establishmentId);
  return {
    page: table.page,
    size: table.size,
    sort: table.sort ?? DEFAULT_PARTICIPANT_SORT,
    actif: filters.activeOnly,
    ...(filters.lastName.trim() ? { nom: filters.lastName.trim() } : {}),
    ...(filters.firstName.trim() ? { prenom: filters.firstName.trim() } : {}),
    ...(typeof id === 'number' ? { idParticipant: id } : {}),
    ...(typeof companyId === 'number' ? { idEntreprise: companyId } : {}),
    ...(typeof establishmentId === 'number' ? { idEtablissement: establishmentId } : {}),
  };
}

/** The list's filter as the bulk actions send it (issue 22): the call's parameters without page and sort. */
export function toListFilter(state: ListState): ParticipantListFilter {
  const { page: _page, size: _size, sort: _sort, ...filter } = toListQuery(state);
  return filter;
}

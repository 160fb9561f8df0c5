import { PAGE_SIZE, PAGE_SIZE_OPTIONS } from '@portail/contract/constants';
import type { ParticipantListQuery } from '@portail/contract/schemas/participants';
import { DEFAULT_PARTICIPANT_SORT, PARTICIPANT_SORT_FIELDS } from '@portail/contract/schemas/participants';
import { fromSortParam, type TableQuery } from '../../components/table-query';

/**
 * The list's filters and page live in the address (`?nom=…&page=2`), so that coming back from a
 * participant's page, or sharing the link, shows the same list. Defaults are left out of it.
 */
export interface ParticipantFilters {
  /** Active participants only (000 §2.6 default). */
  activeOnly: boolean;
  lastName: string;
  firstName: string;
  /** As typed; searched only when it is a whole positive number. */
  participantId: string;
}

export const DEFAULT_FILTERS: ParticipantFilters = {
  activeOnly: true,
  lastName: '',
  firstName: '',
  participantId: '',
};

export interface ListState {
  filters: ParticipantFilters;
  table: TableQuery;
}

const SORT_FIELDS: readonly string[] = PARTICIPANT_SORT_FIELDS;

function readInt(value: string | null, fallback: number): number {
  const number = Number(value);
  return value !== null && Number.isInteger(number) && number >= 0 ? number : fallback;
}

export function readListState(params: URLSearchParams): ListState {
  const size = readInt(params.get('size'), PAGE_SIZE);
  const sort = fromSortParam(params.get('sort') ?? undefined);
  return {
    filters: {
      activeOnly: params.get('actif') !== 'false',
      lastName: params.get('nom') ?? '',
      firstName: params.get('prenom') ?? '',
      participantId: params.get('id') ?? '',
    },
    table: {
      page: readInt(params.get('page'), 0),
      size: (PAGE_SIZE_OPTIONS as readonly number[]).includes(size) ? size : PAGE_SIZE,
      sort:
        sort && SORT_FIELDS.includes(sort.field)
          ? `${sort.field},${sort.direction}`
          : DEFAULT_PARTICIPANT_SORT,
    },
  };
}

export function writeListState({ filters, table }: ListState): URLSearchParams {
  const params = new URLSearchParams();
  if (!filters.activeOnly) params.set('actif', 'false');
  if (filters.lastName.trim()) params.set('nom', filters.lastName.trim());
  if (filters.firstName.trim()) params.set('prenom', filters.firstName.trim());
  if (filters.participantId.trim()) params.set('id', filters.participantId.trim());
  if (table.page > 0) params.set('page', String(table.page));
  if (table.size !== PAGE_SIZE) params.set('size', String(table.size));
  if (table.sort && table.sort !== DEFAULT_PARTICIPANT_SORT) params.set('sort', table.sort);
  return params;
}

/** A participant id as typed: a whole positive number, or nothing. */
export function parseParticipantId(text: string): number | undefined | 'invalid' {
  const trimmed = text.trim();
  if (trimmed === '') return undefined;
  return /^\d{1,10}$/.test(trimmed) && Number(trimmed) > 0 && Number(trimmed) <= 2_147_483_647
    ? Number(trimmed)
    : 'invalid';
}

/** The call's parameters (000 §7): text trimmed, an unreadable id left out. */
export function toListQuery({ filters, table }: ListState): ParticipantListQuery {
  const id = parseParticipantId(filters.participantId);
  return {
    page: table.page,
    size: table.size,
    sort: table.sort ?? DEFAULT_PARTICIPANT_SORT,
    actif: filters.activeOnly,
    ...(filters.lastName.trim() ? { nom: filters.lastName.trim() } : {}),
    ...(filters.firstName.trim() ? { prenom: filters.firstName.trim() } : {}),
    ...(typeof id === 'number' ? { idParticipant: id } : {}),
  };
}

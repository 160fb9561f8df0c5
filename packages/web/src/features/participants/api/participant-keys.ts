import type { ParticipantListQuery } from '@portail/contract/schemas/participants';

/** Query keys of the participants feature; mutations invalidate by these prefixes. */
export const participantKeys = {
  all: ['participants'] as const,
  lists: () => ['participants', 'list'] as const,
  list: (query: ParticipantListQuery) => ['participants', 'list', query] as const,
  details: () => ['participants', 'detail'] as const,
  detail: (id: number) => ['participants', 'detail', id] as const,
  establishment: (id: number) => ['participants', 'establishment', id] as const,
  correspondantEstablishments: () => ['participants', 'correspondant-establishments'] as const,
  destinations: (search: string) => ['participants', 'destinations', search] as const,
};

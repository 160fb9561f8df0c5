import { participantApi } from '@portail/contract/api/participants';
import type { ParticipantListQuery } from '@portail/contract/schemas/participants';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api';
import { participantKeys } from './participant-keys';

/** `GET adherentsCorrespondant` (docs/participants.md#list, docs/participants.md#api): one page of the caller's participants. */
export function participantsQueryOptions(query: ParticipantListQuery) {
  return queryOptions({
    queryKey: participantKeys.list(query),
    queryFn: ({ signal }) =>
      call(participantApi.list, {
        query: {
          page: query.page,
          size: query.size,
          sort: query.sort,
          actif: query.actif,
          nom: query.nom,
          prenom: query.prenom,
          idParticipant: query.idParticipant,
          idEntreprise: query.idEntreprise,
          idEtablissement: query.idEtablissement,
        },
        signal,
        // The page says why it failed, beside its Retry: no toast as well.
        handle: 'all',
      }),
    // The previous page stays on screen while the next one loads.
    placeholderData: keepPreviousData,
  });
}

export function useParticipants(query: ParticipantListQuery) {
  return useQuery(participantsQueryOptions(query));
}

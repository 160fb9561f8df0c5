import { correspondantApi } from '@portail/contract/api/correspondants';
import type { CorrespondantListQuery } from '@portail/contract/schemas/correspondants';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api';
import { correspondantKeys } from './correspondant-keys';

/**
 * `GET correspondant` (docs/correspondants.md#detail, docs/correspondants.md#api): one page of the directory. A participant whose account may not
 * see it gets 403 with its own message, which the screen shows rather than a toast.
 */
export function correspondantsQueryOptions(query: CorrespondantListQuery) {
  return queryOptions({
    queryKey: correspondantKeys.list(query),
    queryFn: ({ signal }) =>
      call(correspondantApi.list, {
        query: {
          page: query.page,
          size: query.size,
          sort: query.sort,
          nom: query.nom,
          prenom: query.prenom,
          idEtablissement: query.idEtablissement,
          raisonSociale: query.raisonSociale,
          rechercheEntreprise: query.rechercheEntreprise,
        },
        signal,
        handle: 'all',
      }),
    // The previous page stays on screen while the next one loads.
    placeholderData: keepPreviousData,
  });
}

export function useCorrespondants(query: CorrespondantListQuery) {
  return useQuery(correspondantsQueryOptions(query));
}

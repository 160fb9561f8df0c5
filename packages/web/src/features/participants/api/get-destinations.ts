import { participantApi } from '@portail/contract/api/participants';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api';
import { participantKeys } from './participant-keys';

/** The destination search needs two characters (contract's destinationQuery). */
export const DESTINATION_SEARCH_MIN = 2;

/** `GET etablissements-mutation?recherche=`: transfer destinations, searched by company name. */
export function useDestinations(search: string) {
  const term = search.trim();
  return useQuery({
    queryKey: participantKeys.destinations(term),
    queryFn: ({ signal }) =>
      call(participantApi.destinations, {
        query: { recherche: term },
        silent: true,
        signal,
      }),
    enabled: term.length >= DESTINATION_SEARCH_MIN,
    staleTime: 60_000,
  });
}

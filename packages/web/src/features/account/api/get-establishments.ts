import { participantApi } from '@portail/contract/api/participants';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api';
import { accountKeys } from './account-keys';

/** `GET etablissements-correspondant` (docs/personal-details.md#establishments): the establishments of the caller's scope, by name. */
export function scopeEstablishmentsQueryOptions() {
  return queryOptions({
    queryKey: accountKeys.establishments(),
    queryFn: ({ signal }) => call(participantApi.correspondantEstablishments, { signal }),
  });
}

export function useScopeEstablishments() {
  return useQuery(scopeEstablishmentsQueryOptions());
}

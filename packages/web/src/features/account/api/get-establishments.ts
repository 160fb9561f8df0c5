import { correspondantEstablishmentsReply } from '@portail/contract/schemas/participants';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { accountKeys } from './account-keys';

/** `GET etablissements-correspondant` (001 §7): the establishments of the caller's scope, by name. */
export function scopeEstablishmentsQueryOptions() {
  return queryOptions({
    queryKey: accountKeys.establishments(),
    queryFn: ({ signal }) =>
      api('/etablissements-correspondant', { schema: correspondantEstablishmentsReply, signal }),
  });
}

export function useScopeEstablishments() {
  return useQuery(scopeEstablishmentsQueryOptions());
}

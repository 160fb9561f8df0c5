import { accountApi } from '@portail/contract/api/account';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api';
import { accountKeys } from './account-keys';

/** `GET user` (docs/personal-details.md#contact): the signed-in account, its contact and attachment. */
export function userAccountQueryOptions() {
  return queryOptions({
    queryKey: accountKeys.user(),
    queryFn: ({ signal }) => call(accountApi.user, { signal }),
  });
}

export function useUserAccount() {
  return useQuery(userAccountQueryOptions());
}

import { userAccount } from '@portail/contract/schemas/account';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { accountKeys } from './account-keys';

/** `GET user` (001 §7): the signed-in account, its contact and attachment. */
export function userAccountQueryOptions() {
  return queryOptions({
    queryKey: accountKeys.user(),
    queryFn: ({ signal }) => api('/user', { schema: userAccount, signal }),
  });
}

export function useUserAccount() {
  return useQuery(userAccountQueryOptions());
}

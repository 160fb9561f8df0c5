import { secondFactorApi } from '@portail/contract/api/second-factors';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api';
import { accountKeys } from './account-keys';

/** `GET user/facteurs` (docs/second-factors.md#security-tab): the account's passkeys, app and text-message code. */
export function factorsQueryOptions() {
  return queryOptions({
    queryKey: accountKeys.factors(),
    queryFn: ({ signal }) => call(secondFactorApi.factors, { signal }),
  });
}

export function useFactors() {
  return useQuery(factorsQueryOptions());
}

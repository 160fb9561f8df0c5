import { secondFactorApi } from '@portail/contract/api/second-factors';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api';
import { BUSINESS_WRITE, outcomeOf } from '../../../lib/outcome';
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

/** `PUT user/facteurs/sms`: the text-message code off (a passkey or an app enrolled) or back on. */
export function switchSmsFactor(actif: boolean, motDePasse: string) {
  return outcomeOf(call(secondFactorApi.sms, { body: { actif, motDePasse }, handle: [400, 403, 409] }), {
    ...BUSINESS_WRITE,
    refusals: [403, 409],
  });
}

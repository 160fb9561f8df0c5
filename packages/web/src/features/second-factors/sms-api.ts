import { secondFactorApi } from '@portail/contract/api/second-factors';
import { call } from '../../lib/api';
import { BUSINESS_WRITE, outcomeOf } from '../../lib/outcome';

/** `PUT user/facteurs/sms` (docs/second-factors.md#text-message-code): off (a passkey or an app enrolled) or back on. */
export function switchSmsFactor(actif: boolean, motDePasse: string) {
  return outcomeOf(call(secondFactorApi.sms, { body: { actif, motDePasse }, handle: [400, 403, 409] }), {
    ...BUSINESS_WRITE,
    refusals: [403, 409],
  });
}

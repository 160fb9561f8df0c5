import { registrationApi } from '@portail/contract/api/registration';
import type { IdentityBody } from '@portail/contract/schemas/registration';
import { call } from '../../../lib/api';
import { outcomeOf } from '../../../lib/outcome';
import { keepProof } from './proof-store';
import { STEP_HANDLED, stepRules } from './step-outcome';

/** The wait after too many tries when the reply does not say (docs/activation.md#code-by-text). */
const SECONDS_PER_HOUR = 3600;

/**
 * `POST registration/identite?token=` (issue 17): the birth date and the centre's activation code.
 * Too many tries answer 429 with the wait (`throttled`), shown on the step rather than as a toast. A
 * success gives this browser the link's proof of identity, kept for the tab (proof-store.ts).
 */
export async function checkIdentity(token: string, body: IdentityBody) {
  const outcome = await outcomeOf(
    call(registrationApi.identity, { query: { token }, body, auth: false, handle: [...STEP_HANDLED, 429] }),
    { ...stepRules(), throttled: SECONDS_PER_HOUR },
  );
  // The proof of identity is this browser's: every later call of the link carries it.
  if (outcome.kind === 'done' && outcome.data.preuve) keepProof(token, outcome.data.preuve);
  return outcome;
}

import { registrationApi } from '@portail/contract/api/registration';
import type { IdentityBody } from '@portail/contract/schemas/registration';
import { call } from '../../../lib/api';
import { isApiError } from '../../../lib/api-error';
import { keepProof } from './proof-store';
import { STEP_HANDLED, type StepOutcome, stepOutcome } from './step-outcome';

export type IdentityOutcome = StepOutcome | { kind: 'wait'; seconds: number };

/**
 * `POST registration/identite?token=` (issue 17): the birth date and the centre's activation code.
 * Too many tries answer 429 with the seconds to wait, shown on the step rather than as a toast. A
 * success gives this browser the link's proof of identity, kept for the tab (proof-store.ts).
 */
export async function checkIdentity(token: string, body: IdentityBody): Promise<IdentityOutcome> {
  try {
    const reply = await call(registrationApi.identity, {
      query: { token },
      body,
      auth: false,
      handle: [...STEP_HANDLED, 429],
    });
    // The proof of identity is this browser's: every later call of the link carries it.
    if (reply.ok && reply.preuve) keepProof(token, reply.preuve);
    return { kind: reply.ok ? 'ok' : 'refused', messages: reply.exception.messages };
  } catch (error) {
    if (isApiError(error) && error.status === 429) return { kind: 'wait', seconds: error.retryAfter ?? 3600 };
    return stepOutcome(Promise.reject(error));
  }
}

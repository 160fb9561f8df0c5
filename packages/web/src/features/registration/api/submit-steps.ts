import { registrationApi } from '@portail/contract/api/registration';
import type { connectionDataBody, RegistrationForm } from '@portail/contract/schemas/registration';
import type { z } from 'zod';
import { call } from '../../../lib/api';
import { outcomeOf } from '../../../lib/outcome';
import { proofHeaders } from './proof-store';
import { STEP_HANDLED, type StepOutcome, stepRules } from './step-outcome';

/** `POST registration/validerDonnesConnexion?token=` (docs/activation.md#participant-steps): the personal contact of step 4. */
export function validateConnectionData(
  token: string,
  body: z.input<typeof connectionDataBody>,
): Promise<StepOutcome> {
  return outcomeOf(
    call(registrationApi.checkConnectionData, {
      query: { token },
      headers: proofHeaders(token),
      body,
      auth: false,
      handle: STEP_HANDLED,
    }),
    stepRules(),
  );
}

/** `POST registration/confirmation?token=` (docs/activation.md#participant-steps): the whole form; the account becomes active. */
export function confirmRegistration(token: string, body: RegistrationForm): Promise<StepOutcome> {
  return outcomeOf(
    call(registrationApi.confirm, {
      query: { token },
      headers: proofHeaders(token),
      body,
      auth: false,
      handle: STEP_HANDLED,
    }),
    stepRules(),
  );
}

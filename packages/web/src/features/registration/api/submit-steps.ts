import {
  type connectionDataBody,
  type RegistrationForm,
  registrationResult,
} from '@portail/contract/schemas/registration';
import type { z } from 'zod';
import { api } from '../../../lib/api';
import { proofHeaders } from './proof-store';
import { STEP_HANDLED, type StepOutcome, stepOutcome } from './step-outcome';

/** `POST registration/validerDonnesConnexion?token=` (001 §7): the personal contact of step 4. */
export function validateConnectionData(
  token: string,
  body: z.input<typeof connectionDataBody>,
): Promise<StepOutcome> {
  return stepOutcome(
    api('/registration/validerDonnesConnexion', {
      method: 'POST',
      query: { token },
      headers: proofHeaders(token),
      body,
      schema: registrationResult,
      auth: false,
      handle: STEP_HANDLED,
    }),
  );
}

/** `POST registration/confirmation?token=` (001 §7): the whole form; the account becomes active. */
export function confirmRegistration(token: string, body: RegistrationForm): Promise<StepOutcome> {
  return stepOutcome(
    api('/registration/confirmation', {
      method: 'POST',
      query: { token },
      headers: proofHeaders(token),
      body,
      schema: registrationResult,
      auth: false,
      handle: STEP_HANDLED,
    }),
  );
}

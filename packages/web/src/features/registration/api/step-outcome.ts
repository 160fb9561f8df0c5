import { type RegistrationResult, registrationResult } from '@portail/contract/schemas/registration';
import type { Outcome, OutcomeRules } from '../../../lib/outcome';

/** How a step sent to the server ended (lib/outcome.ts): `done` only when the step was accepted. */
export type StepOutcome = Outcome<RegistrationResult>;

/** Statuses a step's call reads itself: field errors (400) and business refusals (409). */
export const STEP_HANDLED = [400, 409] as const;

/**
 * How a step's reply reads (docs/activation.md#participant-steps): `ok` and the business messages of
 * its `exception`; a refusal may also come as an error status carrying the same reply. A failure with
 * nothing to show is the generic business toast.
 */
export function stepRules<T extends RegistrationResult>(): OutcomeRules<T> {
  return {
    messages: (reply) => reply.exception.messages,
    refuses: (reply) => !reply.ok,
    errorMessages: (body) => {
      const parsed = registrationResult.safeParse(body);
      return parsed.success ? parsed.data.exception.messages : null;
    },
    failureToast: (status) => (status === 400 ? 'form.error' : 'errors.business'),
  };
}

import { registrationApi } from '@portail/contract/api/registration';
import { call } from '../../../lib/api';
import { isApiError } from '../../../lib/api-error';
import { outcomeOf } from '../../../lib/outcome';
import { proofHeaders } from './proof-store';
import { STEP_HANDLED, type StepOutcome, stepRules } from './step-outcome';

export type OtpSendOutcome =
  | { kind: 'sent'; tel: string }
  | { kind: 'failed' }
  | { kind: 'wait'; seconds: number };

/**
 * `POST registration/otp?token=` (docs/activation.md#code-by-text): a code by text message to the mobile the centre holds; the
 * reply is that mobile, masked. An empty reply or any failure means no code could be sent (docs/activation.md#code-by-text
 * `registration.otpError`); asking again too soon answers 429 with the seconds to wait.
 */
export async function sendOtp(token: string): Promise<OtpSendOutcome> {
  try {
    const tel = await call(registrationApi.sendCode, {
      query: { token },
      headers: proofHeaders(token),
      auth: false,
      handle: 'all',
    });
    // An empty reply (no text at all fails the reply's schema, caught below) means no code was sent.
    return tel.trim() !== '' ? { kind: 'sent', tel } : { kind: 'failed' };
  } catch (error) {
    if (isApiError(error) && error.status === 429) return { kind: 'wait', seconds: error.retryAfter ?? 60 };
    return { kind: 'failed' };
  }
}

/** `PUT registration/otp?token=` (docs/activation.md#code-by-text): checks the code typed. */
export function checkOtp(token: string, code: string): Promise<StepOutcome> {
  return outcomeOf(
    call(registrationApi.checkCode, {
      query: { token },
      headers: proofHeaders(token),
      body: { code },
      auth: false,
      handle: STEP_HANDLED,
    }),
    stepRules(),
  );
}

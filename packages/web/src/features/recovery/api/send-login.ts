import { recoveryApi } from '@portail/contract/api/recovery';
import type { forgotLoginBody } from '@portail/contract/schemas/recovery';
import type { z } from 'zod';
import { call } from '../../../lib/api';
import { outcomeOf } from '../../../lib/outcome';

export type ForgotLoginBody = z.output<typeof forgotLoginBody>;

/** `POST /forgotLogin` (docs/recovery.md#forgot-identifier): the answer; when right, the identifier is sent by text message. */
export function sendLogin(body: ForgotLoginBody) {
  return outcomeOf(call(recoveryApi.answerByPhone, { body, auth: false, handle: 'all' }), { tell: 'screen' });
}

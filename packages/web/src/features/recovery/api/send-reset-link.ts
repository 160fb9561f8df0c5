import { recoveryApi } from '@portail/contract/api/recovery';
import type { resetPasswordBody } from '@portail/contract/schemas/recovery';
import type { z } from 'zod';
import { call } from '../../../lib/api';
import { outcomeOf } from '../../../lib/outcome';

export type ResetPasswordBody = z.output<typeof resetPasswordBody>;

/** `POST /resetPassword` (docs/recovery.md#api): the answer; when right, a reset link is e-mailed (valid 1 hour). */
export function sendResetLink(body: ResetPasswordBody) {
  return outcomeOf(call(recoveryApi.answerByMail, { body, auth: false, handle: 'all' }), { tell: 'screen' });
}

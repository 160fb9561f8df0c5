import { messagesReply } from '@portail/contract/schemas/common';
import type { forgotLoginBody } from '@portail/contract/schemas/recovery';
import type { z } from 'zod';
import { api } from '../../../lib/api';
import { recoveryOutcome } from './recovery-outcome';

export type ForgotLoginBody = z.output<typeof forgotLoginBody>;

/** `POST /forgotLogin` (001 §7): the answer; when right, the identifier is sent by text message. */
export function sendLogin(body: ForgotLoginBody) {
  return recoveryOutcome(
    api('/forgotLogin', { method: 'POST', body, schema: messagesReply, auth: false, handle: 'all' }),
  );
}

import { changePasswordRequest } from '@portail/contract/schemas/auth';
import { messagesReply } from '@portail/contract/schemas/common';
import type { z } from 'zod';
import { api } from '../../../lib/api';
import { type SaveOutcome, saveOutcome } from './server-outcome';

export type ChangePasswordBody = z.infer<typeof changePasswordRequest>;

/**
 * `POST /oauth/changePassword` (000 §7): the account's id, the old and the new password. Wrong old
 * password and rule breaches come back as field errors; the account's other sessions end.
 */
export function changePassword(body: ChangePasswordBody): Promise<SaveOutcome> {
  return saveOutcome(
    api('/oauth/changePassword', {
      method: 'POST',
      body: changePasswordRequest.parse(body),
      schema: messagesReply,
      handle: [400],
    }),
  );
}

import { authApi } from '@portail/contract/api/auth';
import { changePasswordRequest } from '@portail/contract/schemas/auth';
import type { z } from 'zod';
import { call } from '../../../lib/api';
import { outcomeOf } from '../../../lib/outcome';

export type ChangePasswordBody = z.infer<typeof changePasswordRequest>;

/**
 * `POST /oauth/changePassword` (docs/sign-in-and-sessions.md#change-password): the account's id, the old and the new password. Wrong old
 * password and rule breaches come back as field errors; the account's other sessions end.
 */
export function changePassword(body: ChangePasswordBody) {
  return outcomeOf(
    call(authApi.changePassword, {
      body: changePasswordRequest.parse(body),
      handle: [400],
    }),
  );
}

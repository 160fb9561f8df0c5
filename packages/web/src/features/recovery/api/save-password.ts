import { messagesReply } from '@portail/contract/schemas/common';
import type { NewPasswordBody } from '@portail/contract/schemas/recovery';
import { api } from '../../../lib/api';
import { recoveryOutcome } from './recovery-outcome';

/** Change mode (`/user/changePassword`) or reinit mode (`/user/reinitpassword`) of the link screen. */
export type PasswordLinkMode = 'change' | 'reinit';

const PATHS: Record<PasswordLinkMode, string> = { change: '/savePassword', reinit: '/reinitpassword' };

/** `POST /savePassword` or `POST /reinitpassword` (001 §7): the link's token and the new password. */
export function savePassword(mode: PasswordLinkMode, body: NewPasswordBody) {
  return recoveryOutcome(
    api(PATHS[mode], { method: 'POST', body, schema: messagesReply, auth: false, handle: 'all' }),
  );
}

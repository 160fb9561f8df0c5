import { recoveryApi } from '@portail/contract/api/recovery';
import type { NewPasswordBody } from '@portail/contract/schemas/recovery';
import { call } from '../../../lib/api';
import { outcomeOf } from '../../../lib/outcome';

/** Change mode (`/user/changePassword`) or reinit mode (`/user/reinitpassword`) of the link screen. */
export type PasswordLinkMode = 'change' | 'reinit';

const ROUTES = { change: recoveryApi.savePassword, reinit: recoveryApi.reinitPassword } as const;

/** `POST /savePassword` or `POST /reinitpassword` (docs/recovery.md#reset-link): the link's token and the new password. */
export function savePassword(mode: PasswordLinkMode, body: NewPasswordBody) {
  return outcomeOf(call(ROUTES[mode], { body, auth: false, handle: 'all' }), { tell: 'screen' });
}

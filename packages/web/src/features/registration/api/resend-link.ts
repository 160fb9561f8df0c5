import { registrationApi } from '@portail/contract/api/registration';
import { call } from '../../../lib/api';
import { isApiError } from '../../../lib/api-error';

export type ResendLinkOutcome = { kind: 'sent' } | { kind: 'notSent' } | { kind: 'wait'; seconds: number };

/** `POST registration/resend?token=` (docs/activation.md#link-states): a new link by e-mail for a link that has expired. */
export async function resendLink(token: string): Promise<ResendLinkOutcome> {
  try {
    const sent = await call(registrationApi.resendLink, {
      query: { token },
      auth: false,
      handle: 'all',
    });
    return sent ? { kind: 'sent' } : { kind: 'notSent' };
  } catch (error) {
    if (isApiError(error) && error.status === 429) return { kind: 'wait', seconds: error.retryAfter ?? 60 };
    return { kind: 'notSent' };
  }
}

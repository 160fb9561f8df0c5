import { authApi } from '@portail/contract/api/auth';
import { type ConfirmCodeReply, confirmCodeReply } from '@portail/contract/schemas/auth';
import type { Message } from '@portail/contract/schemas/common';
import { call } from '../../lib/api';
import { isApiError } from '../../lib/api-error';
import { notify } from '../../lib/notify';

/** Checks the text-message code. A refused code may come as an error status carrying the same reply. */
export async function confirmCode(code: string): Promise<ConfirmCodeReply> {
  try {
    return await call(authApi.confirmCode, {
      body: { code },
      handle: [400, 403, 429],
    });
  } catch (error) {
    if (isApiError(error)) {
      const reply = confirmCodeReply.safeParse(error.body);
      if (reply.success) return reply.data;
      // Too many codes tried for the account, across its sessions: it waits; this session stays open.
      if (error.status === 429) {
        const minutes = String(Math.max(1, Math.ceil((error.retryAfter ?? 60) / 60)));
        const waiting: Message = { level: 'WARN', errorCode: 'code.tooManyAttempts', args: [minutes] };
        return { ok: false, ciemException: { messages: [waiting] } };
      }
      notify(error.status === 403 ? 'http.403' : 'http.400', 'error');
    }
    throw error;
  }
}

export type ResendOutcome = { sent: true; tel: string } | { sent: false; messages: Message[] };

/** Sends a new code; asking again too soon answers 429 with the seconds to wait. */
export async function resendCode(): Promise<ResendOutcome> {
  try {
    const reply = await call(authApi.resendCode, { handle: [429] });
    return reply.ok
      ? { sent: true, tel: reply.tel }
      : { sent: false, messages: reply.ciemException.messages };
  } catch (error) {
    if (isApiError(error) && error.status === 429) {
      const seconds = String(error.retryAfter ?? 60);
      return { sent: false, messages: [{ level: 'WARN', errorCode: 'code.throttled', args: [seconds] }] };
    }
    throw error;
  }
}

import type { Message } from '@portail/contract/schemas/common';
import {
  type ContactChangeReply,
  type ContactChannel,
  contactChangeReply,
} from '@portail/contract/schemas/contact-change';
import { api } from './api';
import { isApiError } from './api-error';
import { messagesOf } from './error-replies';

/** How a confirmation, resend or cancel ended: the reply, or the server's refusal to show. */
export type ContactChangeOutcome =
  | { kind: 'done'; reply: ContactChangeReply }
  | { kind: 'refused'; messages: Message[] }
  | { kind: 'failed' };

async function outcomeOf(call: Promise<ContactChangeReply>): Promise<ContactChangeOutcome> {
  try {
    return { kind: 'done', reply: await call };
  } catch (error) {
    if (!isApiError(error)) throw error;
    const messages = messagesOf(error);
    return messages.length > 0 ? { kind: 'refused', messages } : { kind: 'failed' };
  }
}

const post = (path: string, body: unknown) =>
  outcomeOf(
    api(`/user/contact/${path}`, { method: 'POST', body, schema: contactChangeReply, handle: [409] }),
  );

/**
 * The codes that confirm a new e-mail or mobile (issue 17), shared by the personal details page and a
 * correspondant's own record: `POST user/contact/confirmation|resend|cancel`.
 */
export const confirmContactCode = (canal: ContactChannel, code: string) =>
  post('confirmation', { canal, code });
export const resendContactCode = (canal: ContactChannel) => post('resend', { canal });
export const cancelContactChange = () => post('cancel', { canal: 'TOUS' });

import { accountApi } from '@portail/contract/api/account';
import type { Message } from '@portail/contract/schemas/common';
import type { ContactChangeReply, ContactChannel } from '@portail/contract/schemas/contact-change';
import { call } from './api';
import { isApiError } from './api-error';
import { messagesOf } from './error-replies';

/** How a confirmation, resend or cancel ended: the reply, or the server's refusal to show. */
export type ContactChangeOutcome =
  | { kind: 'done'; reply: ContactChangeReply }
  | { kind: 'refused'; messages: Message[] }
  | { kind: 'failed' };

async function outcomeOf(sent: Promise<ContactChangeReply>): Promise<ContactChangeOutcome> {
  try {
    return { kind: 'done', reply: await sent };
  } catch (error) {
    if (!isApiError(error)) throw error;
    const messages = messagesOf(error);
    return messages.length > 0 ? { kind: 'refused', messages } : { kind: 'failed' };
  }
}

/**
 * The codes that confirm a new e-mail or mobile (issue 17), shared by the personal details page and a
 * correspondant's own record: `POST user/contact/confirmation|resend|cancel`.
 */
export const confirmContactCode = (canal: ContactChannel, code: string) =>
  outcomeOf(call(accountApi.confirmContact, { body: { canal, code }, handle: [409] }));
export const resendContactCode = (canal: ContactChannel) =>
  outcomeOf(call(accountApi.resendContactCode, { body: { canal }, handle: [409] }));
export const cancelContactChange = () =>
  outcomeOf(call(accountApi.cancelContactChange, { body: { canal: 'TOUS' }, handle: [409] }));

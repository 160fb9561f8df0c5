import { accountApi } from '@portail/contract/api/account';
import type { ContactChangeReply, ContactChannel } from '@portail/contract/schemas/contact-change';
import { call } from './api';
import { type Outcome, outcomeOf } from './outcome';

/** How a confirmation, resend or cancel ended: the reply, or the server's refusal to show. */
export type ContactChangeOutcome = Outcome<ContactChangeReply>;

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

import type { ContactForm } from '@portail/contract/schemas/account';
import { messagesReply } from '@portail/contract/schemas/common';
import { api } from '../../../lib/api';
import { type SaveOutcome, saveOutcome } from './server-outcome';

/**
 * `POST user` (001 §4, §7): the contact e-mail and mobile. The server ends the account's other
 * sessions; the screen then signs this one out too.
 */
export function saveContact(body: ContactForm): Promise<SaveOutcome> {
  return saveOutcome(api('/user', { method: 'POST', body, schema: messagesReply, handle: [400] }));
}

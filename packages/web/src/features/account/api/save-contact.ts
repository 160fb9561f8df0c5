import { accountApi } from '@portail/contract/api/account';
import type { ContactForm } from '@portail/contract/schemas/account';
import { call } from '../../../lib/api';
import { outcomeOf } from '../../../lib/outcome';

/**
 * `POST user` (docs/personal-details.md#contact-confirmation, docs/personal-details.md#address; issue 17): the contact e-mail and mobile, with the current password. A new
 * value is not applied yet: the reply's `enAttente` says what waits for the code sent to it.
 */
export function saveContact(body: ContactForm) {
  return outcomeOf(call(accountApi.saveContact, { body, handle: [400, 403] }));
}

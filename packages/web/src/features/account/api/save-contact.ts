import { accountApi } from '@portail/contract/api/account';
import type { ContactForm } from '@portail/contract/schemas/account';
import type { PendingContact } from '@portail/contract/schemas/contact-change';
import { call } from '../../../lib/api';
import { type SaveOutcome, saveOutcome } from './server-outcome';

/**
 * `POST user` (docs/personal-details.md#contact-confirmation, docs/personal-details.md#address; issue 17): the contact e-mail and mobile, with the current password. A new
 * value is not applied yet: `pending` says what waits for the code sent to it.
 */
export async function saveContact(
  body: ContactForm,
): Promise<{ outcome: SaveOutcome; pending: PendingContact | null }> {
  let pending: PendingContact | null = null;
  const saved = call(accountApi.saveContact, { body, handle: [400, 403] }).then((reply) => {
    pending = reply.enAttente;
    return reply;
  });
  const outcome = await saveOutcome(saved);
  return { outcome, pending };
}

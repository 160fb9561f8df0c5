/** What other features may use of this one; everything else in the folder is its own. */

export type { AccountDeps, AccountRequest } from './account-deps';
export { accountRequest } from './account-deps';
export { mailAccountNotice, sendContactCode } from './account-mail';
export { accountFor } from './contact.service';
export {
  live,
  PURPOSE,
  pendingContactOf,
  requestContactChange,
  sendContactCodes,
} from './contact-change.service';
export { findAccount, lockContact } from './user.queries';

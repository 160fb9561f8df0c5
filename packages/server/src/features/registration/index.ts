/** What other features may use of this one; everything else in the folder is its own. */

export type { LinkConfig } from './registration-links';
export { issueRegistrationLink, mailRegistrationLink, registrationMail } from './registration-links';

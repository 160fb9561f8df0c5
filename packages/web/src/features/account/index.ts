/** What other features may use of this one; everything else in the folder is its own. */
export { ChangePasswordDialog } from './components/change-password-dialog';
export { EnrolFirst } from './components/enrol-first';
export { SECURITY_TAB_PATH } from './security-path';

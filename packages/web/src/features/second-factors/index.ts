/** What other features may use of this one; everything else in the folder is its own. */
export { PasskeySignIn } from './passkeys/passkey-sign-in';
export { PasskeyStep } from './passkeys/passkey-step';
export { PasskeysSection } from './passkeys/passkeys-section';

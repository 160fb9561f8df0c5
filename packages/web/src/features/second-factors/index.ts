/** What other features may use of this one; everything else in the folder is its own. */
export { AppCodeStep } from './components/app-code-step';
export { AuthenticatorAppSection } from './components/authenticator-app-section';
export { RecoveryCodeStep } from './components/recovery-code-step';
export type { FactorSectionProps } from './components/sms-factor-section';
export { SmsFactorSection } from './components/sms-factor-section';
export { PasskeySignIn } from './passkeys/passkey-sign-in';
export { PasskeyStep } from './passkeys/passkey-step';
export { PasskeysSection } from './passkeys/passkeys-section';

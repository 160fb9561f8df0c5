import { PASSWORD_MIN_LENGTH } from '../constants';

/** New-password rule (docs/recovery.md#new-password-rule): at least 8 characters with a lowercase, an uppercase, a digit and a special character. */
export function meetsPasswordRules(password: string): boolean {
  return (
    password.length >= PASSWORD_MIN_LENGTH &&
    /\p{Ll}/u.test(password) &&
    /\p{Lu}/u.test(password) &&
    /\p{Nd}/u.test(password) &&
    /[^\p{L}\p{Nd}\s]/u.test(password)
  );
}

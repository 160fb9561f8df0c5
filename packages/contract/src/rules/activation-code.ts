/**
 * The activation code the centre gives a participant (issue 17): it proves, with the birth date, that
 * the person activating the account is the participant and not whoever typed their contact details.
 * Eight characters of an alphabet without look-alikes (no 0/O, 1/I/L): about 40 bits, typed from a
 * letter; printed in two groups of four (`K7XQ-2M9P`).
 */
export const ACTIVATION_CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const ACTIVATION_CODE_LENGTH = 8;

/** What the participant typed, as the code is stored: upper case, without spaces or dashes. */
export function normaliseActivationCode(typed: string): string {
  return typed.toUpperCase().replace(/[\s-]+/g, '');
}

export function isActivationCode(code: string): boolean {
  return (
    code.length === ACTIVATION_CODE_LENGTH && [...code].every((c) => ACTIVATION_CODE_ALPHABET.includes(c))
  );
}

/** The code as a letter prints it: two groups of four. */
export function formatActivationCode(code: string): string {
  return `${code.slice(0, 4)}-${code.slice(4)}`;
}

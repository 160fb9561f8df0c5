import { createHmac } from 'node:crypto';

/** Letters and digits that read apart (no 0/O, 1/I/L): a code a person can say on the phone. */
const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

/**
 * A stable short code for a member of the centre's staff (docs/activity.md#staff-names): the HMAC of
 * their account id under a key derived from the server's code secret, so it stays the same across
 * pages and sessions, differs between people, and cannot be turned back into the account.
 */
export function staffPseudonym(codeSecret: Uint8Array, userId: number): string {
  const key = createHmac('sha256', codeSecret).update('activity-staff-pseudonym').digest();
  const digest = createHmac('sha256', key).update(String(userId)).digest();
  return Array.from(digest.subarray(0, 4), (byte) => ALPHABET[byte % ALPHABET.length]).join('');
}

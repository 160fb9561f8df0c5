import { availableParallelism } from 'node:os';
import { hash, verify } from '@node-rs/argon2';
import { concurrencyLimit } from '../lib/concurrency';

/**
 * How many argon2 computations run at once: one core fewer than the machine has, at least one. Each
 * takes a whole core for about 20 ms on libuv's pool (four threads by default), off the event loop but
 * not off its CPU: on two cores a burst of sign-ins would take both, and every other request would wait
 * behind it (bench:load's sign-in storm: the participant list's p99 went ×8 to ×13). Queued here, the
 * event loop keeps a core and only the sign-ins wait.
 */
export const PASSWORD_HASH_CONCURRENCY = Math.max(1, availableParallelism() - 1);
const hashing = concurrencyLimit(PASSWORD_HASH_CONCURRENCY);

/** argon2id with the library's defaults (about 20 ms a hash here, off the event loop). */
export function hashPassword(password: string): Promise<string> {
  return hashing(() => hash(password));
}

// Verifying against this when the account does not exist keeps the timing of an unknown identifier
// the same as a wrong password's.
let decoy: Promise<string> | undefined;

export async function verifyPassword(
  passwordHash: string | null | undefined,
  password: string,
): Promise<boolean> {
  if (!passwordHash) {
    decoy ??= hashPassword('decoy-password-never-matches');
    const decoyHash = await decoy;
    await hashing(() => verify(decoyHash, password)).catch(() => false);
    return false;
  }
  try {
    return await hashing(() => verify(passwordHash, password));
  } catch {
    return false;
  }
}

/** Secret answers compare case- and accent-insensitively (recovery issue). */
export function normaliseAnswer(answer: string): string {
  return answer.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim();
}

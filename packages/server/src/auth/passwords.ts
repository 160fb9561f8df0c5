import { availableParallelism } from 'node:os';
import { hash, verify } from '@node-rs/argon2';
import { concurrencyLimit, type Limiter, QueueFullError } from '../lib/concurrency';

/**
 * How many argon2 computations run at once: one core fewer than the machine has, at least one. Each
 * takes a whole core for about 20 ms on libuv's pool (four threads by default), off the event loop but
 * not off its CPU: on two cores a burst of sign-ins would take both, and every other request would wait
 * behind it (bench:load's sign-in storm: the participant list's p99 went ×8 to ×13). Queued here, the
 * event loop keeps a core and only the sign-ins wait.
 */
export const PASSWORD_HASH_CONCURRENCY = Math.max(1, availableParallelism() - 1);
let hashing: Limiter = concurrencyLimit(PASSWORD_HASH_CONCURRENCY);

/**
 * Bounds the queue (PASSWORD_HASH_QUEUE, set once when the app is built): at about 20 ms a hash, a
 * hundred waiting is two seconds of work; a flood past that is refused at once (503) instead of making
 * every sign-in wait longer than anyone would.
 */
export function boundHashQueue(maxWaiting: number): void {
  hashing = concurrencyLimit(PASSWORD_HASH_CONCURRENCY, maxWaiting);
}

/** Whether a hash asked for now would be refused: the password grant checks before counting an attempt. */
export function hashQueueFull(): boolean {
  return hashing.full;
}

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
    // A decoy refused by a full queue is made again next time, not kept as a failure.
    decoy ??= hashPassword('decoy-password-never-matches').catch((error: unknown) => {
      decoy = undefined;
      throw error;
    });
    const decoyHash = await decoy;
    await hashing(() => verify(decoyHash, password)).catch(rethrowQueueFull);
    return false;
  }
  try {
    return await hashing(() => verify(passwordHash, password));
  } catch (error) {
    return rethrowQueueFull(error);
  }
}

/** A malformed stored hash verifies as false; a full queue is the caller's to answer (503). */
function rethrowQueueFull(error: unknown): false {
  if (error instanceof QueueFullError) throw error;
  return false;
}

/** Secret answers compare case- and accent-insensitively (recovery issue). */
export function normaliseAnswer(answer: string): string {
  return answer.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim();
}

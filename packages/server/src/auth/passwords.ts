import { hash, verify } from '@node-rs/argon2';

/** argon2id with the library's defaults (about 20 ms a hash here, off the event loop). */
export function hashPassword(password: string): Promise<string> {
  return hash(password);
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
    await verify(await decoy, password).catch(() => false);
    return false;
  }
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/** Secret answers compare case- and accent-insensitively (recovery issue). */
export function normaliseAnswer(answer: string): string {
  return answer.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim();
}

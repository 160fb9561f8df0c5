import { REGISTRATION_PROOF_HEADER } from '@portail/contract/schemas/registration';

/**
 * The proof of identity registration/identite gave this browser for a link (README "Account recovery
 * and registration by link"): kept for the tab only (sessionStorage, memory when storage is refused)
 * and sent back with every later registration call of that link. Another browser, or another tab,
 * holding the same link has none: the server shows it the first step.
 */
const KEY = 'portail.registration.proof';

/** Where the proof stays when the browser refuses the storage (private mode, quota). */
let memory: { token: string; proof: string } | null = null;

function read(): { token: string; proof: string } | null {
  if (memory) return memory;
  try {
    const raw = sessionStorage.getItem(KEY);
    if (raw === null) return null;
    const value: unknown = JSON.parse(raw);
    if (
      typeof value === 'object' &&
      value !== null &&
      'token' in value &&
      'proof' in value &&
      typeof value.token === 'string' &&
      typeof value.proof === 'string'
    )
      return { token: value.token, proof: value.proof };
    return null;
  } catch {
    return null;
  }
}

/** The proof held for this link, if any. */
export function proofOf(token: string): string | null {
  const held = read();
  return held && held.token === token ? held.proof : null;
}

/** Keeps the proof just given for this link, in place of any earlier one. */
export function keepProof(token: string, proof: string): void {
  memory = null;
  try {
    sessionStorage.setItem(KEY, JSON.stringify({ token, proof }));
  } catch {
    // Storage refused: the proof stays in memory for this page.
    memory = { token, proof };
  }
}

/** Forgets the proof (the registration ended, or the server no longer takes it). */
export function forgetProof(): void {
  memory = null;
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    // Nothing stored.
  }
}

/** The header carrying the proof of this link, when this browser holds one. */
export function proofHeaders(token: string): Record<string, string> {
  const proof = proofOf(token);
  return proof ? { [REGISTRATION_PROOF_HEADER]: proof } : {};
}

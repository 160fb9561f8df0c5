import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Secrets the portal must read back (an authenticator app's TOTP secret), sealed with AES-256-GCM
 * under a key derived from CODE_SECRET by HKDF-SHA-256 with a purpose of its own (`info`): a copy of
 * the table alone does not give them away, and a key derived for one purpose opens nothing else.
 * `context` (e.g. the account's id) is bound as additional data: a sealed value moved to another row
 * does not open. Stored as `iv.ciphertext.tag`, each base64url; a random 96-bit IV per seal.
 */

const IV_BYTES = 12;

function keyFor(secret: Uint8Array, info: string): Buffer {
  return Buffer.from(hkdfSync('sha256', secret, new Uint8Array(0), info, 32));
}

export function seal(plain: string, secret: Uint8Array, info: string, context: string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', keyFor(secret, info), iv);
  cipher.setAAD(Buffer.from(context, 'utf8'));
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return [iv, body, cipher.getAuthTag()].map((part) => part.toString('base64url')).join('.');
}

/** Opens a sealed value; throws when it was altered, sealed under another key, purpose or context. */
export function unseal(sealed: string, secret: Uint8Array, info: string, context: string): string {
  const [iv, body, tag, extra] = sealed.split('.');
  if (iv === undefined || body === undefined || tag === undefined || extra !== undefined) {
    throw new Error('not a sealed value');
  }
  const decipher = createDecipheriv('aes-256-gcm', keyFor(secret, info), Buffer.from(iv, 'base64url'));
  decipher.setAAD(Buffer.from(context, 'utf8'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
}

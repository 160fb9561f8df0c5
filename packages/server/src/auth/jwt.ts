import type { Role } from '@portail/contract/roles';
import { createSigner, createVerifier, TokenError } from 'fast-jwt';

export const ISSUER = 'portail-bilans';
export const AUDIENCE = 'portail-bilans-api';

export interface AccessClaims {
  userId: number;
  sessionId: string;
  roles: Role[];
}

type Signer = (payload: Record<string, unknown>) => string;
type Verifier = (token: string) => Record<string, unknown>;

// Every authenticated request verifies a token: signer and verifier are built once per key, and
// fast-jwt's synchronous HMAC costs a fraction of a WebCrypto round trip.
const signers = new WeakMap<Uint8Array, Map<number, Signer>>();
const verifiers = new WeakMap<Uint8Array, Verifier>();

function signerOf(secret: Uint8Array, ttlS: number): Signer {
  let byTtl = signers.get(secret);
  if (!byTtl) {
    byTtl = new Map();
    signers.set(secret, byTtl);
  }
  let signer = byTtl.get(ttlS);
  if (!signer) {
    signer = createSigner({
      key: Buffer.from(secret),
      algorithm: 'HS256',
      iss: ISSUER,
      aud: AUDIENCE,
      expiresIn: ttlS * 1000,
    });
    byTtl.set(ttlS, signer);
  }
  return signer;
}

function verifierOf(secret: Uint8Array): Verifier {
  let verifier = verifiers.get(secret);
  if (!verifier) {
    verifier = createVerifier({
      key: Buffer.from(secret),
      algorithms: ['HS256'],
      allowedIss: ISSUER,
      allowedAud: AUDIENCE,
      requiredClaims: ['sub', 'sid', 'exp'],
    });
    verifiers.set(secret, verifier);
  }
  return verifier;
}

export async function signAccessToken(
  claims: AccessClaims,
  secret: Uint8Array,
  ttlS: number,
): Promise<string> {
  return signerOf(
    secret,
    ttlS,
  )({
    sub: String(claims.userId),
    sid: claims.sessionId,
    authorities: claims.roles,
    typ: 'access',
  });
}

/**
 * A page's calls present the same token: its verification is remembered, by the token itself, until
 * it expires (the oldest goes first when the map is full). The session behind it is still checked on
 * every call (sessions.ts). fast-jwt's own cache hashes every token to look it up; a Map does not.
 */
const verified = new Map<
  string,
  { secret: Uint8Array; claims: { userId: number; sessionId: string }; expiresAtMs: number }
>();
const MAX_VERIFIED = 2000;

/** The access token's session and user, or null for anything not signed by us, expired, or of another kind. */
export async function verifyAccessToken(
  token: string,
  secret: Uint8Array,
): Promise<{ userId: number; sessionId: string } | null> {
  const known = verified.get(token);
  if (known && known.secret === secret && known.expiresAtMs > Date.now()) return known.claims;
  try {
    const payload = verifierOf(secret)(token);
    const userId = Number(payload.sub);
    if (payload.typ !== 'access' || !Number.isInteger(userId) || typeof payload.sid !== 'string') return null;
    const claims = { userId, sessionId: payload.sid };
    if (verified.size >= MAX_VERIFIED) verified.delete(verified.keys().next().value ?? '');
    verified.set(token, { secret, claims, expiresAtMs: Number(payload.exp) * 1000 });
    return claims;
  } catch (error) {
    if (error instanceof TokenError) return null;
    throw error;
  }
}

import type { Role } from '@portail/contract/roles';
import { createSigner, createVerifier, TokenError } from 'fast-jwt';

export const ISSUER = 'portail-bilans';
export const AUDIENCE = 'portail-bilans-api';
const ACCESS_CLAIMS = ['sub', 'sid', 'exp'];

export interface AccessClaims {
  userId: number;
  sessionId: string;
  roles: Role[];
}

type Signer = (payload: Record<string, unknown>) => string;
type Verifier = (token: string) => Record<string, unknown>;

// Every authenticated request verifies a token: signers and verifiers are built once per key and
// audience, and fast-jwt's synchronous HMAC costs a fraction of a WebCrypto round trip.
const signers = new WeakMap<Uint8Array, Map<string, Signer>>();
const verifiers = new WeakMap<Uint8Array, Map<string, Verifier>>();

function cached<T>(
  cache: WeakMap<Uint8Array, Map<string, T>>,
  secret: Uint8Array,
  key: string,
  make: () => T,
): T {
  let bySecret = cache.get(secret);
  if (!bySecret) {
    bySecret = new Map();
    cache.set(secret, bySecret);
  }
  let made = bySecret.get(key);
  if (made === undefined) {
    made = make();
    bySecret.set(key, made);
  }
  return made;
}

/**
 * An HS256 signer of the portal's tokens for one audience: user tokens (AUDIENCE) and the integration
 * API's system tokens (features/integration/system-token.ts) share the key and the issuer, never the
 * audience, so that neither verifier accepts the other's tokens.
 */
export function signerOf(secret: Uint8Array, audience: string, ttlS: number): Signer {
  return cached(signers, secret, `${audience} ${ttlS}`, () =>
    createSigner({
      key: Buffer.from(secret),
      algorithm: 'HS256',
      iss: ISSUER,
      aud: audience,
      expiresIn: ttlS * 1000,
    }),
  );
}

/** The verifier of the portal's HS256 tokens of one audience, requiring `requiredClaims`. */
export function verifierOf(secret: Uint8Array, audience: string, requiredClaims: string[]): Verifier {
  return cached(verifiers, secret, `${audience} ${requiredClaims.join(',')}`, () =>
    createVerifier({
      key: Buffer.from(secret),
      algorithms: ['HS256'],
      allowedIss: ISSUER,
      allowedAud: audience,
      requiredClaims,
    }),
  );
}

export async function signAccessToken(
  claims: AccessClaims,
  secret: Uint8Array,
  ttlS: number,
): Promise<string> {
  return signerOf(
    secret,
    AUDIENCE,
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
    const payload = verifierOf(secret, AUDIENCE, ACCESS_CLAIMS)(token);
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

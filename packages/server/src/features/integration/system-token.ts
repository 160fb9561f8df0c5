import { randomBytes } from 'node:crypto';
import { TokenError } from 'fast-jwt';
import { signerOf, verifierOf } from '../../auth/jwt';

/**
 * The audience of system tokens. User tokens carry `portail-bilans-api` (auth/jwt.ts): each verifier
 * accepts its own audience only, so a user's token never opens `/fhir` and a system token never opens
 * a user route of `/api`, although both are signed with JWT_SECRET.
 */
export const FHIR_AUDIENCE = 'portail-bilans-fhir';

export interface SystemClaims {
  clientId: string;
  scopes: string[];
}

const SYSTEM_CLAIMS = ['sub', 'scope', 'exp'];

/** An access token of the integration API for a client and the scopes granted to it. */
export function signSystemToken(claims: SystemClaims, secret: Uint8Array, ttlS: number): string {
  return signerOf(
    secret,
    FHIR_AUDIENCE,
    ttlS,
  )({
    sub: claims.clientId,
    scope: claims.scopes.join(' '),
    typ: 'system',
    // Two tokens of one client issued in the same second differ: each call of the audit log is one token's.
    jti: randomBytes(12).toString('base64url'),
  });
}

/**
 * The client and scopes of a system token, or null for anything not signed by us, expired, of another
 * audience (a user's token) or of another kind. Whether the client is still registered is the
 * caller's question (system-clients.ts loadActiveClient), asked at every call.
 */
export function verifySystemToken(token: string, secret: Uint8Array): SystemClaims | null {
  try {
    const payload = verifierOf(secret, FHIR_AUDIENCE, SYSTEM_CLAIMS)(token);
    const { sub, scope, typ } = payload;
    if (typ !== 'system' || typeof sub !== 'string' || typeof scope !== 'string') return null;
    return { clientId: sub, scopes: scope.split(' ').filter((word) => word !== '') };
  } catch (error) {
    if (error instanceof TokenError) return null;
    throw error;
  }
}

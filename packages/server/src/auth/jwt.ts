import { createSecretKey, type KeyObject } from 'node:crypto';
import type { Role } from '@portail/contract/roles';
import { errors, jwtVerify, SignJWT } from 'jose';

export const ISSUER = 'portail-bilans';
export const AUDIENCE = 'portail-bilans-api';

// Importing the raw secret as a key on every call costs more than the HMAC itself.
const keys = new WeakMap<Uint8Array, KeyObject>();
function keyOf(secret: Uint8Array): KeyObject {
  let key = keys.get(secret);
  if (!key) {
    key = createSecretKey(secret);
    keys.set(secret, key);
  }
  return key;
}

export interface AccessClaims {
  userId: number;
  sessionId: string;
  roles: Role[];
}

export async function signAccessToken(
  claims: AccessClaims,
  secret: Uint8Array,
  ttlS: number,
): Promise<string> {
  return new SignJWT({ sid: claims.sessionId, authorities: claims.roles, typ: 'access' })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(String(claims.userId))
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(`${ttlS}s`)
    .sign(keyOf(secret));
}

/** The access token's session and user, or null for anything not signed by us, expired, or of another kind. */
export async function verifyAccessToken(
  token: string,
  secret: Uint8Array,
): Promise<{ userId: number; sessionId: string } | null> {
  try {
    const { payload } = await jwtVerify(token, keyOf(secret), {
      algorithms: ['HS256'],
      issuer: ISSUER,
      audience: AUDIENCE,
      requiredClaims: ['sub', 'sid', 'exp'],
    });
    const userId = Number(payload.sub);
    if (payload.typ !== 'access' || !Number.isInteger(userId) || typeof payload.sid !== 'string') return null;
    return { userId, sessionId: payload.sid };
  } catch (error) {
    if (error instanceof errors.JOSEError) return null;
    throw error;
  }
}

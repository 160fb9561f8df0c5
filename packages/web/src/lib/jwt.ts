/** Reads the `exp` claim (seconds since the epoch) of a JWT without verifying it: the server verifies. */
export function decodeJwtExp(token: string): number | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const base64 = payload.replace(/-/g, '+').replace(/_/g, '/');
    const padded = base64.padEnd(base64.length + ((4 - (base64.length % 4)) % 4), '=');
    const claims: unknown = JSON.parse(atob(padded));
    if (typeof claims === 'object' && claims !== null && 'exp' in claims && typeof claims.exp === 'number') {
      return claims.exp;
    }
    return null;
  } catch {
    return null;
  }
}

/** Reads the roles (`authorities`) of an access token without verifying it: the server verifies. */
export function decodeJwtRoles(token: string): string[] {
  const payload = token.split('.')[1];
  if (!payload) return [];
  try {
    const base64 = payload.replace(/-/g, '+').replace(/_/g, '/');
    const padded = base64.padEnd(base64.length + ((4 - (base64.length % 4)) % 4), '=');
    const claims: unknown = JSON.parse(atob(padded));
    if (
      typeof claims === 'object' &&
      claims !== null &&
      'authorities' in claims &&
      Array.isArray(claims.authorities)
    ) {
      return claims.authorities.filter((role): role is string => typeof role === 'string');
    }
    return [];
  } catch {
    return [];
  }
}

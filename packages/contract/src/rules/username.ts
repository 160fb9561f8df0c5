/**
 * The OAuth username composes the identifier with the sign-in kind chosen by the login checkbox
 * (docs/sign-in-and-sessions.md#password-grant: "username composed of identifier and a role flag"): `<identifier>|C` for a correspondant,
 * `<identifier>|P` for an individual (participant or staff). Identifiers are unique per kind.
 */
export type SignInKind = 'C' | 'P';

export function composeUsername(identifier: string, correspondant: boolean): string {
  return `${identifier.trim()}|${correspondant ? 'C' : 'P'}`;
}

export function parseUsername(username: string): { identifier: string; kind: SignInKind } | null {
  const cut = username.lastIndexOf('|');
  if (cut <= 0) return null;
  const flag = username.slice(cut + 1);
  if (flag !== 'C' && flag !== 'P') return null;
  const identifier = username.slice(0, cut).trim().toLowerCase();
  return identifier ? { identifier, kind: flag } : null;
}

import type { Role } from '@portail/contract/roles';
import type { SessionUser } from '@portail/contract/schemas/auth';
import { storeToken, storeUser } from '../lib/session-store';

/** A signed-in user for tests: confirmed, no consent, no special flag, unless overridden. */
export function makeUser(roles: Role[], overrides: Partial<SessionUser> = {}): SessionUser {
  return {
    id: 1,
    username: 'user',
    name: 'user',
    nomComplet: 'Jeanne Martin',
    idTechnique: 10,
    tel: null,
    mail: null,
    actif: true,
    salarie: false,
    dmcAccepte: false,
    dmcRefuse: false,
    correspondantEtablissement: false,
    correspondantEntreprise: false,
    correspondantGroupement: false,
    anglaisUniquement: false,
    authorities: roles.map((authority) => ({ authority })),
    doubleAuthentificationConfirmee: true,
    premiereConnexion: false,
    derniereConnexion: null,
    canShowListeCorrespondant: false,
    ...overrides,
  };
}

/** Puts a signed-in, confirmed session of `makeUser(...)` in the session store. */
export function signInAs(...args: Parameters<typeof makeUser>): void {
  storeToken(
    {
      access_token: 'a.b.c',
      refresh_token: 'r',
      token_type: 'bearer',
      expires_in: 900,
      tel: '•• 12',
      confirmationRequise: false,
    },
    false,
  );
  storeUser(makeUser(...args));
}

import type { Role } from '@portail/contract/roles';
import type { SessionUser } from '@portail/contract/schemas/auth';

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

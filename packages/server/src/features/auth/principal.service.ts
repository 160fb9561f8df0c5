import { formatPersonName } from '@portail/contract/rules/person-name';
import { maskPhone } from '@portail/contract/rules/phone';
import type { PrincipalReply } from '@portail/contract/schemas/auth';
import { type Caller, canShowCorrespondantList } from '../../auth/caller';

// The guard hands out the cached Caller of a session until it changes (sessions.ts): its session user
// is built once, and a change of the account gives a new Caller, hence a new session user.
const built = new WeakMap<Caller, PrincipalReply>();

/** The session user (docs/sign-in-and-sessions.md#principal) from what the guard loaded with the session: no query of its own. */
export function toSessionUser(caller: Caller): PrincipalReply {
  let user = built.get(caller);
  if (!user) {
    // Frozen: the reply serializer keeps the text of a frozen reply (lib/serializer.ts).
    user = Object.freeze(caller.confirmed ? buildSessionUser(caller) : pendingSessionUser(caller));
    built.set(caller, user);
  }
  return user;
}

/**
 * Before the text-message code, the password alone has been shown: the reply names nothing of the
 * person (name, mail, full mobile, medical record), only what the code screen needs — where the code
 * went, masked, and the language to ask for it in (the text message is in that language already).
 */
function pendingSessionUser(caller: Caller): PrincipalReply {
  return {
    doubleAuthentificationConfirmee: false,
    tel: maskPhone(caller.profile.mobile),
    anglaisUniquement: caller.profile.englishOnly,
  };
}

function buildSessionUser(caller: Caller): PrincipalReply {
  const { profile, kind, correspondant } = caller;
  const isParticipant = kind === 'PARTICIPANT';
  return {
    id: caller.userId,
    username: profile.login,
    name: profile.login,
    nomComplet: formatPersonName(profile.lastName, profile.firstName),
    idTechnique: profile.ownId,
    tel: profile.mobile,
    mail: profile.email,
    actif: profile.active,
    salarie: profile.employee,
    dmcAccepte: isParticipant && profile.dmcStatus === 'ACCEPTED',
    dmcRefuse: isParticipant && profile.dmcStatus === 'REFUSED',
    correspondantEtablissement: correspondant?.level === 'ETABLISSEMENT',
    correspondantEntreprise: correspondant?.level === 'ENTREPRISE',
    correspondantGroupement: correspondant?.level === 'GROUPEMENT',
    anglaisUniquement: profile.englishOnly,
    authorities: caller.roles.map((authority) => ({ authority })),
    doubleAuthentificationConfirmee: caller.confirmed,
    premiereConnexion: profile.previousLoginAt === null,
    derniereConnexion: profile.previousLoginAt?.toISOString() ?? null,
    canShowListeCorrespondant: canShowCorrespondantList(caller),
  };
}

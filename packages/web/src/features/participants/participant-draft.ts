import { COUNTRY_FRANCE_ID, DEFAULT_APPOINTMENT_MANAGEMENT_ID } from '@portail/contract/constants';
import { originFor } from '@portail/contract/rules/participant';
import type {
  Participant,
  ParticipantCreate,
  ParticipantFormFields,
  ParticipantUpdate,
} from '@portail/contract/schemas/participants';

/**
 * The form's working copy of a participant: the contract's fields, where every value may still be
 * empty (null) while the user types; the contract's schema decides on submit what must be filled.
 */
type Draft<T> = {
  [K in keyof T]: T[K] extends boolean
    ? boolean
    : NonNullable<T[K]> extends Record<string, unknown>
      ? Draft<NonNullable<T[K]>>
      : T[K] | null;
};

export type ParticipantDraft = Draft<ParticipantFormFields> & {
  /** Set when editing (participantUpdate). */
  id: number | null;
  /** Chosen when creating (participantCreate); null: the correspondant's own establishment. */
  idEtablissement: number | null;
};

export type AddressDraft = ParticipantDraft['adresse'];

/** What the contract's schema makes of the draft on submit. */
export type ParticipantValues = ParticipantCreate | ParticipantUpdate;

const emptyAddress = (): AddressDraft => ({
  ligne1: '',
  ligne2: '',
  ligne3: '',
  numeroVoie: '',
  typeVoie: null,
  nomVoie: '',
  ligne5: '',
  codePostal: '',
  localite: '',
  pays: COUNTRY_FRANCE_ID,
});

/**
 * A new participant (docs/participants.md#create): membership dates today, France for both countries, the centre's
 * appointment management, and the origin these give.
 */
export function newParticipantDraft(today: string): ParticipantDraft {
  const adresse = emptyAddress();
  return {
    id: null,
    idEtablissement: null,
    civilite: null,
    nom: '',
    prenom: '',
    nomJeuneFille: '',
    dateNaissance: null,
    sexe: null,
    profession: '',
    paysExercice: COUNTRY_FRANCE_ID,
    provenance: originFor({
      practiceCountryId: COUNTRY_FRANCE_ID,
      addressCountryId: adresse.pays,
      postalCode: adresse.codePostal,
    }),
    categorie: null,
    typeBilan: null,
    dateProchainBilan: null,
    gestionRdv: DEFAULT_APPOINTMENT_MANAGEMENT_ID,
    periodicite: null,
    info4: '',
    dateAdhesion: today,
    datePremiereAdhesion: today,
    adresse,
    utiliserAdresseEtablissement: false,
    telephoneFixe: '',
    telephonePortable: '',
    mail: '',
    telephoneSecretariat: '',
    contact: {
      civilite: null,
      nom: '',
      prenom: '',
      mail: '',
      telephoneFixe: '',
      telephonePortable: '',
      fonction: '',
    },
  };
}

const text = (value: string | null) => value ?? '';

/** The form's copy of a stored participant (empty texts as '', so inputs stay controlled). */
export function participantDraft(participant: Participant): ParticipantDraft {
  const { adresse, contact } = participant;
  return {
    id: participant.id,
    idEtablissement: participant.etablissement.id,
    civilite: participant.civilite,
    nom: participant.nom,
    prenom: participant.prenom,
    nomJeuneFille: text(participant.nomJeuneFille),
    dateNaissance: participant.dateNaissance,
    sexe: participant.sexe,
    profession: text(participant.profession),
    paysExercice: participant.paysExercice,
    provenance: participant.provenance,
    categorie: participant.categorie,
    typeBilan: participant.typeBilan,
    dateProchainBilan: participant.dateProchainBilan,
    gestionRdv: participant.gestionRdv,
    periodicite: participant.periodicite,
    info4: text(participant.info4),
    dateAdhesion: participant.dateAdhesion,
    datePremiereAdhesion: participant.datePremiereAdhesion,
    adresse: {
      ligne1: text(adresse.ligne1),
      ligne2: text(adresse.ligne2),
      ligne3: text(adresse.ligne3),
      numeroVoie: text(adresse.numeroVoie),
      typeVoie: adresse.typeVoie,
      nomVoie: text(adresse.nomVoie),
      ligne5: text(adresse.ligne5),
      codePostal: text(adresse.codePostal),
      localite: text(adresse.localite),
      pays: adresse.pays,
    },
    utiliserAdresseEtablissement: participant.utiliserAdresseEtablissement,
    telephoneFixe: text(participant.telephoneFixe),
    telephonePortable: participant.telephonePortable,
    mail: participant.mail,
    telephoneSecretariat: text(participant.telephoneSecretariat),
    contact: {
      civilite: contact.civilite,
      nom: text(contact.nom),
      prenom: text(contact.prenom),
      mail: text(contact.mail),
      telephoneFixe: text(contact.telephoneFixe),
      telephonePortable: text(contact.telephonePortable),
      fonction: text(contact.fonction),
    },
  };
}

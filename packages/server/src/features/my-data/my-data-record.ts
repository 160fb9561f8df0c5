import type { Language } from '@portail/contract/constants';
import type { Caller } from '../../auth/caller';
import type { Db } from '../../db/client';
import { accountFor } from '../account';
import { participantForCaller } from '../participants';
import { enumLabels, lastSignInAt, participantCheckups, participantConsents } from './my-data.queries';

/** What the archive holds besides the record, counted as it was written (dossier.json `archive`). */
export interface ArchiveCounts {
  documents: number;
  annexes: number;
  fiches: number;
  rendezVous: number;
}

const CHECKUP_STATES = {
  IN_PROGRESS: { fr_FR: 'En cours', en_EN: 'In progress' },
  CLOSED: { fr_FR: 'Clôturé', en_EN: 'Closed' },
  INVOICED: { fr_FR: 'Facturé', en_EN: 'Invoiced' },
} as const;

/**
 * dossier.json (docs/personal-details.md#my-data): the participant's account and record as they are
 * stored, with the labels of the reference lists beside their ids, the check-ups, the consents and the
 * preferences. Written from explicit fields: no password hash, secret answer, session or token, and no
 * other person's data (the record's contact person and the centre's account manager are left out).
 */
export async function recordJson(
  db: Db,
  caller: Caller,
  participantId: number,
  language: Language,
  archive: ArchiveCounts,
  builtAt: Date,
): Promise<string> {
  const account = await accountFor(db, caller);
  const record = await participantForCaller(db, caller, participantId);
  const checkups = await participantCheckups(db, participantId);
  const consents = await participantConsents(db, participantId);
  const lastSignIn = await lastSignInAt(db, caller.userId);
  const coded = {
    civilite: record.civilite,
    sexe: record.sexe,
    paysExercice: record.paysExercice,
    provenance: record.provenance,
    categorie: record.categorie,
    typeBilan: record.typeBilan,
    gestionRdv: record.gestionRdv,
    periodicite: record.periodicite,
    motifResiliation: record.motifResiliation,
    typeVoie: record.adresse.typeVoie,
    pays: record.adresse.pays,
  };
  const labels = await enumLabels(db, [
    ...Object.values(coded).filter((id): id is number => id !== null),
    ...checkups.flatMap((row) => (row.checkupTypeId === null ? [] : [row.checkupTypeId])),
  ]);
  const labelOf = (id: number | null) => {
    const item = id === null ? undefined : labels.get(id);
    return item ? (language === 'en_EN' ? (item.labelEn ?? item.label) : item.label) : null;
  };
  const content = {
    genereLe: builtAt.toISOString(),
    compte: {
      identifiant: account.username,
      nom: account.nom,
      prenom: account.prenom,
      email: account.email,
      portable: account.portable,
      actif: account.actif,
      dateCreation: account.dateCreation,
      dateModification: account.dateModification,
      // An instant like every other date of the file (the account screen's day and time are Paris's).
      derniereConnexion: lastSignIn?.toISOString() ?? null,
      changementEnAttente: account.enAttente,
    },
    dossier: {
      numero: record.id,
      actif: record.actif,
      identite: {
        civilite: labelOf(record.civilite),
        nom: record.nom,
        prenom: record.prenom,
        nomJeuneFille: record.nomJeuneFille,
        dateNaissance: record.dateNaissance,
        sexe: labelOf(record.sexe),
      },
      coordonnees: {
        email: record.mail,
        telephonePortable: record.telephonePortable,
        telephoneFixe: record.telephoneFixe,
        telephoneSecretariat: record.telephoneSecretariat,
      },
      adresse: {
        utiliseAdresseEtablissement: record.utiliserAdresseEtablissement,
        ligne1: record.adresse.ligne1,
        ligne2: record.adresse.ligne2,
        ligne3: record.adresse.ligne3,
        numeroVoie: record.adresse.numeroVoie,
        typeVoie: labelOf(record.adresse.typeVoie),
        nomVoie: record.adresse.nomVoie,
        ligne5: record.adresse.ligne5,
        codePostal: record.adresse.codePostal,
        localite: record.adresse.localite,
        pays: labelOf(record.adresse.pays),
      },
      professionnel: {
        profession: record.profession,
        paysExercice: labelOf(record.paysExercice),
        provenance: labelOf(record.provenance),
        categorie: labelOf(record.categorie),
        etablissement: record.etablissement.raisonsociale,
        entreprise: record.entreprise.raisonsociale,
        groupement: record.groupement?.raisonsociale ?? null,
      },
      bilan: {
        typeBilan: labelOf(record.typeBilan),
        periodicite: labelOf(record.periodicite),
        gestionRendezVous: labelOf(record.gestionRdv),
        dateProchainBilan: record.dateProchainBilan,
        bilanEnCours: record.bilanEnCours,
      },
      adhesion: {
        dateAdhesion: record.dateAdhesion,
        datePremiereAdhesion: record.datePremiereAdhesion,
        dateResiliation: record.dateResiliation,
        motifResiliation: labelOf(record.motifResiliation),
        transfertEnCours: record.mutationEnCours,
      },
    },
    bilans: checkups.map((row) => ({
      numero: row.id,
      etat: CHECKUP_STATES[row.state][language],
      typeBilan: labelOf(row.checkupTypeId),
      datePremierRendezVous: row.firstAppointmentDate,
      dateCloture: row.closingDate,
      dateFacturation: row.billingDate,
    })),
    consentements: {
      dossierMedicalEnLigne: consents?.dmcStatus ?? null,
      dateDossierMedicalEnLigne: consents?.dmcStatusAt?.toISOString() ?? null,
      accordDesistement: consents?.withdrawalAgreement ?? null,
      dateAccordDesistement: consents?.withdrawalAgreementAt?.toISOString() ?? null,
    },
    preferences: {
      langueDuPortail: consents?.englishOnly ? 'en' : 'fr',
      langueDeCetteArchive: language === 'en_EN' ? 'en' : 'fr',
    },
    archive,
  };
  return `${JSON.stringify(content, null, 2)}\n`;
}

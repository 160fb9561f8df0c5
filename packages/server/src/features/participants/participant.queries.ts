import type { Participant } from '@portail/contract/schemas/participants';
import { and, eq } from 'drizzle-orm';
import type { Caller } from '../../auth/caller';
import { scopeCondition } from '../../auth/scope';
import type { DbOrTx } from '../../db/client';
import { companies, establishments, groups, managers, participants } from '../../db/schema';
import { scopedColumns } from './participant-list.queries';

export type ParticipantRecord = typeof participants.$inferSelect;

/** The participant, if the caller's scope reaches them: a participant themselves, a correspondant theirs. */
function inScope(caller: Caller, id: number) {
  return and(eq(participants.id, id), scopeCondition(caller, scopedColumns));
}

/**
 * Locks the participant's row for the rest of the transaction (`for update`) before any rule reads its
 * state, so two correspondants acting at once are served one after the other: the second sees what
 * the first wrote. Null when the caller's scope does not reach the participant.
 */
export async function lockParticipant(
  tx: DbOrTx,
  caller: Caller,
  id: number,
): Promise<ParticipantRecord | null> {
  const [row] = await tx.select().from(participants).where(inScope(caller, id)).for('update');
  return row ?? null;
}

const nullIfEmpty = (text: string | null) => (text === null || text === '' ? null : text);

/** The stored record as the detail screen reads it (contract `participant`). */
export function toParticipant(
  row: ParticipantRecord,
  org: {
    establishment: { id: number; name: string };
    company: { id: number; name: string };
    group: { id: number; name: string } | null;
    manager: { name: string; telephone: string | null; email: string | null; standard: boolean } | null;
  },
): Participant {
  return {
    id: row.id,
    actif: row.active,
    civilite: row.civilityId,
    nom: row.lastName,
    prenom: row.firstName,
    nomJeuneFille: row.maidenName,
    dateNaissance: row.birthDate,
    sexe: row.genderId,
    profession: row.profession,
    paysExercice: row.practiceCountryId,
    provenance: row.originId,
    categorie: row.categoryId,
    typeBilan: row.checkupTypeId,
    dateProchainBilan: row.nextCheckupDate,
    gestionRdv: row.appointmentManagementId,
    periodicite: row.periodicityId,
    info4: row.info4,
    dateAdhesion: row.membershipDate,
    datePremiereAdhesion: row.firstMembershipDate,
    adresse: {
      ligne1: row.addressLine1,
      ligne2: row.addressLine2,
      ligne3: row.addressLine3,
      numeroVoie: row.addressStreetNumber,
      typeVoie: row.addressStreetTypeId,
      nomVoie: row.addressStreetName,
      ligne5: row.addressLine5,
      codePostal: row.addressPostalCode,
      localite: row.addressLocality,
      pays: row.addressCountryId,
    },
    utiliserAdresseEtablissement: row.useEstablishmentAddress,
    telephoneFixe: row.landline,
    telephonePortable: row.mobile,
    mail: row.email,
    telephoneSecretariat: row.secretaryPhone,
    contact: {
      civilite: row.contactCivilityId,
      nom: row.contactLastName,
      prenom: row.contactFirstName,
      mail: nullIfEmpty(row.contactEmail),
      telephoneFixe: row.contactLandline,
      telephonePortable: row.contactMobile,
      fonction: row.contactJobTitle,
    },
    nomPhonetique: row.phoneticName,
    dateResiliation: row.terminationDate,
    motifResiliation: row.terminationReasonId,
    mutationEnCours: row.transferInProgress,
    bilanEnCours: row.checkupInProgress,
    verrouille: row.lockedByExternalSystem,
    gestionnaire: org.manager,
    etablissement: { id: org.establishment.id, raisonsociale: org.establishment.name },
    entreprise: { id: org.company.id, raisonsociale: org.company.name },
    groupement: org.group ? { id: org.group.id, raisonsociale: org.group.name } : null,
  };
}

/** GET adherents/{id}: the participant with their establishment, company, group and manager, in scope. */
export async function findParticipant(db: DbOrTx, caller: Caller, id: number): Promise<Participant | null> {
  const [found] = await db
    .select({
      row: participants,
      establishment: { id: establishments.id, name: establishments.name },
      company: { id: companies.id, name: companies.name },
      groupId: groups.id,
      groupName: groups.name,
      managerName: managers.name,
      managerTelephone: managers.telephone,
      managerEmail: managers.email,
      managerStandard: managers.standard,
    })
    .from(participants)
    .innerJoin(establishments, eq(establishments.id, participants.establishmentId))
    .innerJoin(companies, eq(companies.id, participants.companyId))
    .leftJoin(groups, eq(groups.id, participants.groupId))
    .leftJoin(managers, eq(managers.id, establishments.managerId))
    .where(inScope(caller, id))
    .limit(1);
  if (!found) return null;
  return toParticipant(found.row, {
    establishment: found.establishment,
    company: found.company,
    group:
      found.groupId !== null && found.groupName !== null
        ? { id: found.groupId, name: found.groupName }
        : null,
    manager:
      found.managerName === null
        ? null
        : {
            name: found.managerName,
            telephone: found.managerTelephone,
            email: found.managerEmail,
            standard: found.managerStandard ?? false,
          },
  });
}

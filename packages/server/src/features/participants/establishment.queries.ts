import { stripAccents } from '@portail/contract/rules/participant';
import type {
  DestinationEstablishment,
  ParticipantEstablishment,
} from '@portail/contract/schemas/participants';
import { and, asc, eq, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Caller } from '../../auth/caller';
import { scopeCondition } from '../../auth/scope';
import type { DbOrTx } from '../../db/client';
import { companies, establishmentCheckupTypes, establishments, groups, participants } from '../../db/schema';
import { escapeLike, foldedSql } from '../../lib/text-search';

/** An establishment's columns as a scope reads them: its company's group decides a group's reach. */
const establishmentScope = {
  establishmentId: establishments.id,
  companyId: establishments.companyId,
  groupId: companies.groupId,
};

/** The geographic address of an establishment, in the participant address's column names. */
export const geoAddress = {
  addressLine1: establishments.geoLine1,
  addressLine2: establishments.geoLine2,
  addressLine3: establishments.geoLine3,
  addressStreetNumber: establishments.geoStreetNumber,
  addressStreetTypeId: establishments.geoStreetTypeId,
  addressStreetName: establishments.geoStreetName,
  addressLine5: establishments.geoLine5,
  addressPostalCode: establishments.geoPostalCode,
  addressLocality: establishments.geoLocality,
  addressCountryId: establishments.geoCountryId,
};

const establishmentColumns = {
  id: establishments.id,
  name: establishments.name,
  terminationDate: establishments.terminationDate,
  companyId: establishments.companyId,
  companyName: companies.name,
  groupId: companies.groupId,
  address: geoAddress,
};

export type EstablishmentFacts = Awaited<ReturnType<typeof findEstablishment>> & {};

/** An establishment with its company, group and address; `scopedTo` keeps it only within that caller's reach. */
export async function findEstablishment(tx: DbOrTx, id: number, scopedTo?: Caller) {
  const [row] = await tx
    .select(establishmentColumns)
    .from(establishments)
    .innerJoin(companies, eq(companies.id, establishments.companyId))
    .where(
      and(eq(establishments.id, id), scopedTo ? scopeCondition(scopedTo, establishmentScope) : undefined),
    )
    .limit(1);
  return row ?? null;
}

/** The facts of several establishments at once (a bulk write's), by id; an unknown id is absent. */
export async function findEstablishments(tx: DbOrTx, ids: readonly number[]) {
  if (ids.length === 0) return new Map<number, EstablishmentFacts>();
  const rows = await tx
    .select(establishmentColumns)
    .from(establishments)
    .innerJoin(companies, eq(companies.id, establishments.companyId))
    .where(inArray(establishments.id, [...ids]));
  return new Map<number, EstablishmentFacts>(rows.map((row) => [row.id, row]));
}

/** The check-up types each of these establishments takes, by establishment id (none: an empty set). */
export async function checkupTypesOf(tx: DbOrTx, ids: readonly number[]) {
  const taken = new Map<number, Set<number>>(ids.map((id) => [id, new Set()]));
  if (ids.length === 0) return taken;
  const rows = await tx
    .select({
      establishmentId: establishmentCheckupTypes.establishmentId,
      typeId: establishmentCheckupTypes.checkupTypeId,
    })
    .from(establishmentCheckupTypes)
    .where(inArray(establishmentCheckupTypes.establishmentId, [...ids]));
  for (const row of rows) taken.get(row.establishmentId)?.add(row.typeId);
  return taken;
}

/** Whether the establishment takes participants of this check-up type (establishment_checkup_types). */
export async function acceptsCheckupType(tx: DbOrTx, establishmentId: number, checkupTypeId: number) {
  const [row] = await tx
    .select({ id: establishmentCheckupTypes.establishmentId })
    .from(establishmentCheckupTypes)
    .where(
      and(
        eq(establishmentCheckupTypes.establishmentId, establishmentId),
        eq(establishmentCheckupTypes.checkupTypeId, checkupTypeId),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** GET etablissement-participant/{id}: the establishment of a participant the caller reaches. */
export async function findParticipantEstablishment(
  db: DbOrTx,
  caller: Caller,
  participantId: number,
): Promise<ParticipantEstablishment | null> {
  const [row] = await db
    .select({
      ...establishmentColumns,
      siret: establishments.siret,
      groupName: groups.name,
    })
    .from(participants)
    .innerJoin(establishments, eq(establishments.id, participants.establishmentId))
    .innerJoin(companies, eq(companies.id, establishments.companyId))
    .leftJoin(groups, eq(groups.id, companies.groupId))
    .where(
      and(
        eq(participants.id, participantId),
        scopeCondition(caller, {
          participantId: participants.id,
          establishmentId: participants.establishmentId,
          companyId: participants.companyId,
          groupId: participants.groupId,
        }),
      ),
    )
    .limit(1);
  if (!row) return null;
  const types = await db
    .select({ id: establishmentCheckupTypes.checkupTypeId })
    .from(establishmentCheckupTypes)
    .where(eq(establishmentCheckupTypes.establishmentId, row.id))
    .orderBy(asc(establishmentCheckupTypes.checkupTypeId));
  const a = row.address;
  return {
    id: row.id,
    raisonsociale: row.name,
    siret: row.siret,
    entreprise: { id: row.companyId, raisonsociale: row.companyName },
    groupement:
      row.groupId !== null && row.groupName !== null
        ? { id: row.groupId, raisonsociale: row.groupName }
        : null,
    adresse: {
      ligne1: a.addressLine1,
      ligne2: a.addressLine2,
      ligne3: a.addressLine3,
      numeroVoie: a.addressStreetNumber,
      typeVoie: a.addressStreetTypeId,
      nomVoie: a.addressStreetName,
      ligne5: a.addressLine5,
      codePostal: a.addressPostalCode,
      localite: a.addressLocality,
      pays: a.addressCountryId,
    },
    typesBilan: types.map((type) => type.id),
  };
}

/** GET etablissements-correspondant (docs/personal-details.md#establishments): the establishments of the caller's scope, by name. */
export async function listScopeEstablishments(db: DbOrTx, caller: Caller) {
  return db
    .select({
      id: establishments.id,
      raisonsociale: establishments.name,
      idEntreprise: companies.id,
      entreprise: companies.name,
      siret: establishments.siret,
      dateResiliation: establishments.terminationDate,
    })
    .from(establishments)
    .innerJoin(companies, eq(companies.id, establishments.companyId))
    .where(scopeCondition(caller, establishmentScope))
    .orderBy(asc(establishments.name), asc(establishments.id));
}

const DESTINATION_LIMIT = 20;

/**
 * GET etablissements-mutation: where a participant may be transferred, anywhere in the centre, found
 * by company or establishment name (business data, not personal data). The few thousand establishments
 * of a centre are scanned; terminated ones are no destination.
 */
export async function searchDestinations(db: DbOrTx, text: string): Promise<DestinationEstablishment[]> {
  const pattern = `%${escapeLike(stripAccents(text).toUpperCase())}%`;
  const contains = (column: PgColumn): SQL => sql`${foldedSql(column)} like ${pattern}`;
  return db
    .select({
      id: establishments.id,
      raisonsociale: establishments.name,
      entreprise: companies.name,
      localite: establishments.geoLocality,
    })
    .from(establishments)
    .innerJoin(companies, eq(companies.id, establishments.companyId))
    .where(
      and(
        isNull(establishments.terminationDate),
        or(contains(companies.name), contains(establishments.name)),
      ),
    )
    .orderBy(asc(companies.name), asc(establishments.name), asc(establishments.id))
    .limit(DESTINATION_LIMIT);
}

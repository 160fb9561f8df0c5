import { and, eq, inArray } from 'drizzle-orm';
import type { Caller } from '../../auth/caller';
import { scopeCondition } from '../../auth/scope';
import type { DbOrTx } from '../../db/client';
import { companies, enumItems, establishments } from '../../db/schema';

/** An establishment's columns as a scope reads them: its company's group decides a group's reach. */
const establishmentScope = {
  establishmentId: establishments.id,
  companyId: establishments.companyId,
  groupId: companies.groupId,
};

/** One address of an establishment (docs/personal-details.md#address), in the establishment's column names without prefix. */
function addressOf(prefix: 'geo' | 'billing') {
  const e = establishments;
  return prefix === 'geo'
    ? {
        line1: e.geoLine1,
        line2: e.geoLine2,
        line3: e.geoLine3,
        streetNumber: e.geoStreetNumber,
        streetTypeId: e.geoStreetTypeId,
        streetName: e.geoStreetName,
        line5: e.geoLine5,
        postalCode: e.geoPostalCode,
        locality: e.geoLocality,
        countryId: e.geoCountryId,
      }
    : {
        line1: e.billingLine1,
        line2: e.billingLine2,
        line3: e.billingLine3,
        streetNumber: e.billingStreetNumber,
        streetTypeId: e.billingStreetTypeId,
        streetName: e.billingStreetName,
        line5: e.billingLine5,
        postalCode: e.billingPostalCode,
        locality: e.billingLocality,
        countryId: e.billingCountryId,
      };
}

const columns = {
  id: establishments.id,
  name: establishments.name,
  terminationDate: establishments.terminationDate,
  geo: addressOf('geo'),
  billing: addressOf('billing'),
  billingSameAsGeo: establishments.billingSameAsGeo,
};

export type EstablishmentAddresses = NonNullable<Awaited<ReturnType<typeof findScopedEstablishment>>>;
export type StoredAddress = EstablishmentAddresses['geo'];

/**
 * The establishment with both its addresses, if the caller's scope reaches it; `lock` holds its row
 * for the rest of the transaction, so two saves of one address are served one after the other.
 */
export async function findScopedEstablishment(tx: DbOrTx, caller: Caller, id: number, lock = false) {
  const query = tx
    .select(columns)
    .from(establishments)
    .innerJoin(companies, eq(companies.id, establishments.companyId))
    .where(and(eq(establishments.id, id), scopeCondition(caller, establishmentScope)))
    .limit(1);
  const [row] = lock ? await query.for('update', { of: establishments }) : await query;
  return row ?? null;
}

/** Street types and countries by id, for the address on the wire and for checking what is sent. */
export async function findItems(tx: DbOrTx, ids: readonly (number | null | undefined)[]) {
  const wanted = [...new Set(ids.filter((id): id is number => typeof id === 'number'))];
  if (wanted.length === 0) return new Map<number, AddressItem>();
  const rows = await tx
    .select({
      id: enumItems.id,
      namespace: enumItems.namespace,
      label: enumItems.label,
      code: enumItems.code,
      active: enumItems.active,
      extra: enumItems.extra,
    })
    .from(enumItems)
    .where(and(inArray(enumItems.id, wanted), inArray(enumItems.namespace, ['typeVoie', 'pays'])));
  return new Map(rows.map((row) => [row.id, row]));
}

export interface AddressItem {
  id: number;
  namespace: string;
  label: string;
  code: string | null;
  active: boolean;
  extra: Record<string, unknown> | null;
}

function geoValues(a: StoredAddress) {
  return {
    geoLine1: a.line1,
    geoLine2: a.line2,
    geoLine3: a.line3,
    geoStreetNumber: a.streetNumber,
    geoStreetTypeId: a.streetTypeId,
    geoStreetName: a.streetName,
    geoLine5: a.line5,
    geoPostalCode: a.postalCode,
    geoLocality: a.locality,
    geoCountryId: a.countryId,
  };
}

function billingValues(a: StoredAddress) {
  return {
    billingLine1: a.line1,
    billingLine2: a.line2,
    billingLine3: a.line3,
    billingStreetNumber: a.streetNumber,
    billingStreetTypeId: a.streetTypeId,
    billingStreetName: a.streetName,
    billingLine5: a.line5,
    billingPostalCode: a.postalCode,
    billingLocality: a.locality,
    billingCountryId: a.countryId,
  };
}

/** Writes the geographic address, and the billing one unless `billing` is null (left as it is). */
export async function updateAddresses(
  tx: DbOrTx,
  id: number,
  geo: StoredAddress,
  billing: { address: StoredAddress; sameAsGeo: boolean } | null,
): Promise<void> {
  await tx
    .update(establishments)
    .set({
      ...geoValues(geo),
      ...(billing ? { ...billingValues(billing.address), billingSameAsGeo: billing.sameAsGeo } : {}),
    })
    .where(eq(establishments.id, id));
}

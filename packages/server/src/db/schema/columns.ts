import { integer, text, timestamp, varchar } from 'drizzle-orm/pg-core';

/** Postal code limit of docs/interface-conventions.md#postal-code-lookup and docs/interface-conventions.md#postal-code-lookup. */
export const POSTAL_CODE_LENGTH = 10;

function addressParts(sqlPrefix: string) {
  return {
    line1: text(`${sqlPrefix}_line1`),
    line2: text(`${sqlPrefix}_line2`),
    line3: text(`${sqlPrefix}_line3`),
    streetNumber: text(`${sqlPrefix}_street_number`),
    streetTypeId: integer(`${sqlPrefix}_street_type_id`),
    streetName: text(`${sqlPrefix}_street_name`),
    line5: text(`${sqlPrefix}_line5`),
    postalCode: varchar(`${sqlPrefix}_postal_code`, { length: POSTAL_CODE_LENGTH }),
    locality: text(`${sqlPrefix}_locality`),
    countryId: integer(`${sqlPrefix}_country_id`),
  };
}

type AddressParts = ReturnType<typeof addressParts>;
export type AddressColumns<P extends string> = {
  [K in keyof AddressParts as `${P}${Capitalize<K>}`]: AddressParts[K];
};

/**
 * The address of docs/interface-conventions.md#postal-code-lookup (ligne1, ligne2, ligne3, numeroVoie, typeVoie, nomVoie, ligne5, codePostal,
 * localite, pays) as columns of the owning row: an establishment carries two (geographic and billing)
 * and a participant one, always read with their owner, so a table of addresses would only add joins.
 * Each call builds fresh column builders, as a builder belongs to the one table it is used in.
 */
export function addressColumns<P extends string>(prefix: P): AddressColumns<P> {
  const sqlPrefix = prefix.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
  const entries = Object.entries(addressParts(sqlPrefix)).map(([key, column]) => [
    `${prefix}${key.charAt(0).toUpperCase()}${key.slice(1)}`,
    column,
  ]);
  return Object.fromEntries(entries) as AddressColumns<P>;
}

/**
 * When and how often a row changed, kept by a trigger on every update whoever writes it (migration
 * 0015): the FHIR API's `meta.lastUpdated` and `meta.versionId`, its ETag and `_lastUpdated` searches.
 */
export function versionColumns() {
  return {
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    version: integer('version').notNull().default(1),
  };
}

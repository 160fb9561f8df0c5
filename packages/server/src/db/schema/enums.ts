import { boolean, index, integer, jsonb, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * Every dropdown enumeration (`enum/{name}`, `abstractenum/{name}`) in one table. Ids are unique
 * across namespaces, as in the back office the specification was written from, because the
 * specification names bare ids (country 716, origins 16/17/18, appointment management 1221) and
 * rows elsewhere point at an item by id alone. Fixed ids are inserted explicitly; items created
 * through `PUT {namespace}` take the sequence, which the demo generator moves past the fixed ones.
 *
 * Columns holding an item id (civility_id, country_id, checkup_type_id...) deliberately carry no
 * foreign key: a key on `id` alone would only prove the id exists in SOME namespace, so the service
 * must check the namespace anyway, and the twelve such keys of a participant row tripled its insert
 * cost (measured on PGlite: 2.1 s instead of 0.6 s for 20,000 rows). The one exception is the
 * establishment_checkup_types join table, whose rows are nothing but that reference.
 */
export const enumItems = pgTable(
  'enum_items',
  {
    id: serial('id').primaryKey(),
    namespace: text('namespace').notNull(),
    label: text('label').notNull(),
    labelEn: text('label_en'),
    /** The short code (`raccourci`): SAL for employees, FR for France, BD for boulevard. */
    code: text('code'),
    active: boolean('active').notNull().default(true),
    sortOrder: integer('sort_order').notNull().default(0),
    /** Namespace-specific attributes: `unionEuropeenne` and `indicatif` for countries, `months` for periodicities. */
    extra: jsonb('extra').$type<Record<string, unknown>>(),
    /**
     * Added through `PUT {namespace}` by a correspondant and not yet approved by the centre: listed only
     * to the reach of its author (the `owner_*` columns, kept after approval as its provenance).
     */
    pending: boolean('pending').notNull().default(false),
    createdBy: integer('created_by'),
    /** The author's scope level: ETABLISSEMENT, ENTREPRISE or GROUPEMENT (null: the centre's). */
    ownerLevel: text('owner_level'),
    /** The establishment, company and group of the author's reach, as far as its level goes down. */
    ownerEstablishmentId: integer('owner_establishment_id'),
    ownerCompanyId: integer('owner_company_id'),
    ownerGroupId: integer('owner_group_id'),
  },
  (t) => [
    uniqueIndex('enum_items_namespace_id_key').on(t.namespace, t.id),
    index('enum_items_namespace_sort_idx').on(t.namespace, t.sortOrder, t.label),
  ],
);

/**
 * Namespaces the portal reads, the string stored in `enum_items.namespace`: the contract's list, so
 * the server and the web cannot disagree on it.
 */
export {
  ENUM_NAMES as ENUM_NAMESPACES,
  type EnumName as EnumNamespace,
} from '@portail/contract/schemas/enums';

import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { versionColumns } from './columns';
import { companies, establishments, groups } from './organisations';

export const CORRESPONDANT_SCOPE_LEVELS = ['ETABLISSEMENT', 'ENTREPRISE', 'GROUPEMENT'] as const;
export type CorrespondantScopeLevel = (typeof CORRESPONDANT_SCOPE_LEVELS)[number];

/**
 * Contacts of an employer (docs/correspondants.md#detail Correspondant). `scopeLevel` decides what they manage and which of
 * correspondantEtablissement / correspondantEntreprise / correspondantGroupement the session carries.
 * Every correspondant keeps the establishment, company and group they are attached to (the home card
 * shows all three), denormalised like the participants' so a scope filters on one indexed column.
 */
export const correspondants = pgTable(
  'correspondants',
  {
    id: serial('id').primaryKey(),
    active: boolean('active').notNull().default(true),
    civilityId: integer('civility_id'),
    lastName: text('last_name').notNull(),
    firstName: text('first_name').notNull(),
    landline: text('landline'),
    mobile: text('mobile'),
    fax: text('fax'),
    email: text('email'),
    jobTitle: text('job_title'),
    scopeLevel: text('scope_level', { enum: CORRESPONDANT_SCOPE_LEVELS }).notNull(),
    establishmentId: integer('establishment_id').references(() => establishments.id),
    companyId: integer('company_id').references(() => companies.id),
    groupId: integer('group_id').references(() => groups.id),
    roleAdmin: boolean('role_admin').notNull().default(false),
    roleBilling: boolean('role_billing').notNull().default(false),
    roleMailing: boolean('role_mailing').notNull().default(false),
    /** May edit their own record and change their password (docs/correspondants.md#detail). */
    canSave: boolean('can_save').notNull().default(false),
    /** The centre's own number for this person (FHIR Person.identifier, FHIR_CORRESPONDANT_ID_SYSTEM). */
    centreId: text('centre_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    ...versionColumns(),
  },
  (t) => [
    // The column that names the scope must be set, or the correspondant would see nothing (or everything).
    check(
      'correspondants_scope_check',
      sql`(${t.scopeLevel} = 'ETABLISSEMENT' and ${t.establishmentId} is not null and ${t.companyId} is not null)
        or (${t.scopeLevel} = 'ENTREPRISE' and ${t.companyId} is not null)
        or (${t.scopeLevel} = 'GROUPEMENT' and ${t.groupId} is not null)`,
    ),
    index('correspondants_establishment_idx').on(t.establishmentId, t.lastName),
    index('correspondants_company_idx').on(t.companyId, t.lastName),
    index('correspondants_group_idx').on(t.groupId, t.lastName),
    uniqueIndex('correspondants_centre_id_idx').on(t.centreId),
    index('correspondants_updated_idx').on(t.updatedAt, t.id),
  ],
);

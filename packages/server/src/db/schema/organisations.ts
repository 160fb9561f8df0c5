import {
  boolean,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { addressColumns, versionColumns } from './columns';
import { enumItems } from './enums';

/** Groups of companies (groupements). */
export const groups = pgTable(
  'groups',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    ...versionColumns(),
    /** Its number in the centre's information system (FHIR_ORGANIZATION_ID_SYSTEM). */
    centreId: text('centre_id'),
  },
  (t) => [uniqueIndex('groups_centre_id_idx').on(t.centreId)],
);

/** Companies (entreprises); a company may belong to no group. */
export const companies = pgTable(
  'companies',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    groupId: integer('group_id').references(() => groups.id),
    siren: varchar('siren', { length: 9 }),
    /** The company's INSEE code (`entrepriseInsee` of the user record, docs/personal-details.md#establishments). */
    insee: text('insee'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    ...versionColumns(),
    /** Its number in the centre's information system (FHIR_ORGANIZATION_ID_SYSTEM). */
    centreId: text('centre_id'),
  },
  (t) => [
    index('companies_group_idx').on(t.groupId),
    index('companies_name_idx').on(t.name),
    uniqueIndex('companies_centre_id_idx').on(t.centreId),
  ],
);

/** The centre's account managers (gestionnaires, docs/personal-details.md#establishments Manager) shown on the assistance page. */
export const managers = pgTable('managers', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  telephone: text('telephone'),
  email: text('email'),
  /** The telephone is the switchboard (standard) rather than a direct line. */
  standard: boolean('standard').notNull().default(false),
});

/** Establishments (établissements) of a company: where participants and most correspondants belong. */
export const establishments = pgTable(
  'establishments',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    name: text('name').notNull(),
    siret: varchar('siret', { length: 14 }),
    /** Set once the establishment's contract ended; such rows are shown as inactive (docs/personal-details.md#establishments). */
    terminationDate: date('termination_date', { mode: 'string' }),
    ...addressColumns('geo'),
    ...addressColumns('billing'),
    billingSameAsGeo: boolean('billing_same_as_geo').notNull().default(true),
    managerId: integer('manager_id').references(() => managers.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    ...versionColumns(),
    /** Its number in the centre's information system (FHIR_ORGANIZATION_ID_SYSTEM). */
    centreId: text('centre_id'),
  },
  (t) => [
    index('establishments_company_idx').on(t.companyId),
    index('establishments_name_idx').on(t.name),
    uniqueIndex('establishments_centre_id_idx').on(t.centreId),
  ],
);

/**
 * Check-up types an establishment accepts: a transfer to an establishment that does not support the
 * participant's type is refused (docs/participants.md#transfer).
 */
export const establishmentCheckupTypes = pgTable(
  'establishment_checkup_types',
  {
    establishmentId: integer('establishment_id')
      .notNull()
      .references(() => establishments.id, { onDelete: 'cascade' }),
    checkupTypeId: integer('checkup_type_id')
      .notNull()
      .references(() => enumItems.id),
  },
  (t) => [primaryKey({ columns: [t.establishmentId, t.checkupTypeId] })],
);

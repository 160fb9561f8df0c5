import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
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
import { companies, establishments, groups } from './organisations';

export const DMC_STATUSES = ['ACCEPTED', 'REFUSED', 'NONE'] as const;
export type DmcStatus = (typeof DMC_STATUSES)[number];

/**
 * People who undergo check-ups (docs/participants.md#form-rules Participant).
 *
 * Scoping and sorting: a correspondant's list filters on their establishment, company or group and
 * sorts by company name then id (docs/participants.md#list). company_id and group_id are copied from the establishment
 * (and rewritten with it when a transfer is accepted) so that each scope is one equality on one
 * indexed column. company_name is copied too: with it, (scope, active, company_name, id) returns a
 * page of 15 straight from the index, whereas a join to companies would make the database read and
 * sort every row of the scope (tens of thousands for a group among a million rows) before the first
 * page. The price is rewriting the rows of a company when it is renamed, which is rare and offline.
 */
export const participants = pgTable(
  'participants',
  {
    id: serial('id').primaryKey(),
    active: boolean('active').notNull().default(true),
    civilityId: integer('civility_id'),
    /** Upper case without accents (docs/participants.md#form-rules), which also makes it the search key. */
    lastName: text('last_name').notNull(),
    firstName: text('first_name').notNull(),
    phoneticName: text('phonetic_name'),
    maidenName: text('maiden_name'),
    birthDate: date('birth_date', { mode: 'string' }).notNull(),
    genderId: integer('gender_id'),
    profession: text('profession'),
    practiceCountryId: integer('practice_country_id'),
    originId: integer('origin_id'),
    categoryId: integer('category_id'),
    checkupTypeId: integer('checkup_type_id'),
    nextCheckupDate: date('next_checkup_date', { mode: 'string' }),
    appointmentManagementId: integer('appointment_management_id'),
    periodicityId: integer('periodicity_id'),
    info4: text('info4'),
    membershipDate: date('membership_date', { mode: 'string' }),
    firstMembershipDate: date('first_membership_date', { mode: 'string' }),
    terminationDate: date('termination_date', { mode: 'string' }),
    terminationReasonId: integer('termination_reason_id'),
    ...addressColumns('address'),
    useEstablishmentAddress: boolean('use_establishment_address').notNull().default(false),
    landline: text('landline'),
    mobile: text('mobile'),
    email: text('email'),
    secretaryPhone: text('secretary_phone'),
    contactCivilityId: integer('contact_civility_id'),
    contactLastName: text('contact_last_name'),
    contactFirstName: text('contact_first_name'),
    contactEmail: text('contact_email'),
    contactLandline: text('contact_landline'),
    contactMobile: text('contact_mobile'),
    contactJobTitle: text('contact_job_title'),
    transferInProgress: boolean('transfer_in_progress').notNull().default(false),
    checkupInProgress: boolean('checkup_in_progress').notNull().default(false),
    /** The back office owns this record for now; the portal refuses changes (docs/participants.md#locked-by-back-office). */
    lockedByExternalSystem: boolean('locked_by_external_system').notNull().default(false),
    /** Online medical record (dossier médical) consent: documents need ACCEPTED. */
    dmcStatus: text('dmc_status', { enum: DMC_STATUSES }).notNull().default('NONE'),
    /**
     * When the participant (or the back office, for a consent given on paper) last answered: kept by
     * a trigger when a writer changes the status without setting it (migration 0017); FHIR Consent.dateTime.
     */
    dmcStatusAt: timestamp('dmc_status_at', { withTimezone: true }),
    /** Consent to the withdrawal procedure (accord désistement) of the home card. */
    withdrawalAgreement: boolean('withdrawal_agreement').notNull().default(false),
    /** When the withdrawal consent was last answered (null: never), kept like dmc_status_at. */
    withdrawalAgreementAt: timestamp('withdrawal_agreement_at', { withTimezone: true }),
    lastMammogramDate: date('last_mammogram_date', { mode: 'string' }),
    englishOnly: boolean('english_only').notNull().default(false),
    establishmentId: integer('establishment_id')
      .notNull()
      .references(() => establishments.id),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    groupId: integer('group_id').references(() => groups.id),
    companyName: text('company_name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    ...versionColumns(),
    /**
     * The participant's number in the centre's information system (the identifier system set by
     * FHIR_PATIENT_ID_SYSTEM): what its conditional updates name (`PUT /Patient?identifier=…`).
     */
    centreId: text('centre_id'),
    /** INS-NIR, the national health identifier: only as the back office sends it (a qualified identity). */
    insNir: varchar('ins_nir', { length: 15 }),
  },
  (t) => [
    index('participants_updated_idx').on(t.updatedAt, t.id),
    uniqueIndex('participants_centre_id_idx').on(t.centreId),
    check('participants_dmc_status_check', sql`${t.dmcStatus} in ('ACCEPTED', 'REFUSED', 'NONE')`),
    index('participants_establishment_list_idx').on(t.establishmentId, t.active, t.companyName, t.id),
    index('participants_company_list_idx').on(t.companyId, t.active, t.companyName, t.id),
    index('participants_group_list_idx').on(t.groupId, t.active, t.companyName, t.id),
    // A search by last-name prefix (`like 'DUP%'`) within a scope is one range of these, whatever the
    // size of the centre; the pattern operator class works whatever the database collation.
    index('participants_establishment_name_idx').on(
      t.establishmentId,
      t.active,
      t.lastName.op('text_pattern_ops'),
    ),
    index('participants_company_name_idx').on(t.companyId, t.active, t.lastName.op('text_pattern_ops')),
    index('participants_group_name_idx').on(t.groupId, t.active, t.lastName.op('text_pattern_ops')),
    // The duplicate rule (rules/participant.ts duplicateKey): creation and re-admission look for an
    // active participant of the same last name and birth date anywhere in the centre, then compare
    // first names; inactive rows never count, so they stay out of the index.
    index('participants_duplicate_idx').on(t.lastName, t.birthDate).where(sql`${t.active}`),
  ],
);

export const COUNT_SCOPE_LEVELS = ['ETABLISSEMENT', 'ENTREPRISE', 'GROUPEMENT'] as const;

/**
 * How many active and inactive participants each establishment, company and group holds, kept by
 * statement-level triggers on participants (migration 0002): the participant list's total is then one
 * primary-key read instead of counting the scope's index entries on every page (about 1 ms of database
 * time for 5,000 participants, 60 ms for a group of 65,000). Searches with a name or id still count.
 */
export const participantCounts = pgTable(
  'participant_counts',
  {
    scopeLevel: text('scope_level', { enum: COUNT_SCOPE_LEVELS }).notNull(),
    scopeId: integer('scope_id').notNull(),
    active: boolean('active').notNull(),
    n: integer('n').notNull(),
  },
  (t) => [primaryKey({ columns: [t.scopeLevel, t.scopeId, t.active] })],
);

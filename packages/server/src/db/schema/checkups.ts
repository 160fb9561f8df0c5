import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { versionColumns } from './columns';
import { companies, establishments, groups } from './organisations';
import { participants } from './participants';

export const CHECKUP_STATES = ['IN_PROGRESS', 'CLOSED', 'INVOICED'] as const;
export type CheckupState = (typeof CHECKUP_STATES)[number];

/**
 * Check-ups (bilans). Establishment, company and group are those of the participant when the check-up
 * was opened, copied so that the correspondant lists (docs/checkups.md#list, docs/checkups.md#history) filter one indexed column;
 * a transfer does not move past check-ups.
 */
export const checkups = pgTable(
  'checkups',
  {
    id: serial('id').primaryKey(),
    participantId: integer('participant_id')
      .notNull()
      .references(() => participants.id),
    establishmentId: integer('establishment_id')
      .notNull()
      .references(() => establishments.id),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    groupId: integer('group_id').references(() => groups.id),
    checkupTypeId: integer('checkup_type_id'),
    state: text('state', { enum: CHECKUP_STATES }).notNull(),
    firstAppointmentDate: date('first_appointment_date', { mode: 'string' }),
    closingDate: date('closing_date', { mode: 'string' }),
    billingDate: date('billing_date', { mode: 'string' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    ...versionColumns(),
  },
  (t) => [
    index('checkups_updated_idx').on(t.updatedAt, t.id),
    check('checkups_state_check', sql`${t.state} in ('IN_PROGRESS', 'CLOSED', 'INVOICED')`),
    // The check-up list filters a date range then the state; the state in the key spares heap reads.
    index('checkups_establishment_idx').on(t.establishmentId, t.firstAppointmentDate, t.state),
    index('checkups_company_idx').on(t.companyId, t.firstAppointmentDate, t.state),
    index('checkups_group_idx').on(t.groupId, t.firstAppointmentDate, t.state),
    // History (closing dates N-2, N-1, N) and the home card read a participant's check-ups.
    index('checkups_participant_idx').on(t.participantId, t.closingDate),
    // "Check-up in progress" is a single state: two open check-ups would make the home card ambiguous.
    uniqueIndex('checkups_one_in_progress_key').on(t.participantId).where(sql`${t.state} = 'IN_PROGRESS'`),
  ],
);

export const VISIT_KINDS = ['VISIT', 'MAMMOGRAPHY', 'OSTEOPATHY'] as const;
export type VisitKind = (typeof VISIT_KINDS)[number];

/** The visits of a check-up shown on the home card: up to three visits, a mammography, an osteopathy. */
export const visits = pgTable(
  'visits',
  {
    id: serial('id').primaryKey(),
    checkupId: integer('checkup_id')
      .notNull()
      .references(() => checkups.id, { onDelete: 'cascade' }),
    participantId: integer('participant_id')
      .notNull()
      .references(() => participants.id),
    kind: text('kind', { enum: VISIT_KINDS }).notNull(),
    typeLabel: text('type_label').notNull(),
    /** English label (null: the centre gave none, the French one is shown). */
    typeLabelEn: text('type_label_en'),
    /** 1 to 3 for a VISIT; null for the mammography and the osteopathy, of which there is one each. */
    visitOrder: smallint('visit_order'),
    startsAt: timestamp('starts_at', { withTimezone: true }),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    expectedDurationMinutes: integer('expected_duration_minutes'),
    stateLabel: text('state_label'),
    stateLabelEn: text('state_label_en'),
    /** A CSS colour for the state chip, as the back office sends it. */
    stateColour: text('state_colour'),
    ...versionColumns(),
  },
  (t) => [
    index('visits_updated_idx').on(t.updatedAt, t.id),
    check(
      'visits_order_check',
      sql`(${t.kind} = 'VISIT' and ${t.visitOrder} between 1 and 3) or (${t.kind} <> 'VISIT' and ${t.visitOrder} is null)`,
    ),
    unique('visits_checkup_slot_key').on(t.checkupId, t.kind, t.visitOrder).nullsNotDistinct(),
    index('visits_participant_idx').on(t.participantId, t.startsAt),
  ],
);

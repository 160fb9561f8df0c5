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
import { users } from './auth';
import { companies, establishments, groups } from './organisations';
import { participants } from './participants';

export const MUTATION_STATES = ['IN_PROGRESS', 'ACCEPTED', 'CANCELLED'] as const;
export type MutationState = (typeof MUTATION_STATES)[number];

/**
 * Transfers of a participant between establishments (docs/transfers.md#list Mutation row). The company and group of
 * both ends are copied at request time so that a company or group correspondant's incoming and
 * outgoing lists are each one indexed equality, like the establishment correspondant's.
 */
export const mutations = pgTable(
  'mutations',
  {
    id: serial('id').primaryKey(),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
    authorUserId: integer('author_user_id').references(() => users.id),
    /** Kept as written at request time (auteurMouvement), even if the author's account changes. */
    authorName: text('author_name').notNull(),
    participantId: integer('participant_id')
      .notNull()
      .references(() => participants.id),
    sourceEstablishmentId: integer('source_establishment_id')
      .notNull()
      .references(() => establishments.id),
    sourceCompanyId: integer('source_company_id')
      .notNull()
      .references(() => companies.id),
    sourceGroupId: integer('source_group_id').references(() => groups.id),
    destinationEstablishmentId: integer('destination_establishment_id')
      .notNull()
      .references(() => establishments.id),
    destinationCompanyId: integer('destination_company_id')
      .notNull()
      .references(() => companies.id),
    destinationGroupId: integer('destination_group_id').references(() => groups.id),
    reasonId: integer('reason_id'),
    /** The requester's free text beside the reason (commentaireMouvement), trimmed; null when none. */
    reasonComment: text('reason_comment'),
    movementTypeId: integer('movement_type_id'),
    state: text('state', { enum: MUTATION_STATES }).notNull().default('IN_PROGRESS'),
    /** encours: derived, so it can never disagree with the state. */
    inProgress: boolean('in_progress').notNull().generatedAlwaysAs(sql`state = 'IN_PROGRESS'`),
    /** The participant had a check-up in progress when the transfer was requested (bilanEnCours). */
    checkupInProgress: boolean('checkup_in_progress').notNull().default(false),
    /** The destination is asked to take over the check-up in progress (demandePriseEnChargeBilan). */
    takeoverRequested: boolean('takeover_requested').notNull().default(false),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    closedByUserId: integer('closed_by_user_id').references(() => users.id),
  },
  (t) => [
    check('mutations_state_check', sql`${t.state} in ('IN_PROGRESS', 'ACCEPTED', 'CANCELLED')`),
    check(
      'mutations_distinct_ends_check',
      sql`${t.sourceEstablishmentId} <> ${t.destinationEstablishmentId}`,
    ),
    check('mutations_closed_check', sql`(${t.state} = 'IN_PROGRESS') = (${t.closedAt} is null)`),
    // docs/participants.md#transfer "a mutation already in progress": enforced here too, as two correspondants may race.
    uniqueIndex('mutations_one_in_progress_key').on(t.participantId).where(sql`${t.state} = 'IN_PROGRESS'`),
    index('mutations_incoming_establishment_idx').on(
      t.destinationEstablishmentId,
      t.inProgress,
      t.requestedAt,
    ),
    index('mutations_outgoing_establishment_idx').on(t.sourceEstablishmentId, t.inProgress, t.requestedAt),
    index('mutations_incoming_company_idx').on(t.destinationCompanyId, t.inProgress, t.requestedAt),
    index('mutations_outgoing_company_idx').on(t.sourceCompanyId, t.inProgress, t.requestedAt),
    index('mutations_incoming_group_idx').on(t.destinationGroupId, t.inProgress, t.requestedAt),
    index('mutations_outgoing_group_idx').on(t.sourceGroupId, t.inProgress, t.requestedAt),
  ],
);

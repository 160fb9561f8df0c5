import { boolean, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { visits } from './checkups';
import { versionColumns } from './columns';
import { participants } from './participants';

/**
 * "My appointments" (docs/appointments.md#list, docs/participants.md#form-rules Appointment). Booked with the centre's physicians, usually for a
 * visit of the current check-up (then visit_id names it, the spec's "visit id"); older ones outlive
 * the visits they were for.
 */
export const appointments = pgTable(
  'appointments',
  {
    id: serial('id').primaryKey(),
    visitId: integer('visit_id').references(() => visits.id, { onDelete: 'set null' }),
    participantId: integer('participant_id')
      .notNull()
      .references(() => participants.id),
    purpose: text('purpose').notNull(),
    /** English wording of the purpose and status (null: the centre gave none, the French one is shown). */
    purposeEn: text('purpose_en'),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    checkupInProgress: boolean('checkup_in_progress').notNull().default(false),
    cardiologist: text('cardiologist'),
    internist: text('internist'),
    gynecologist: text('gynecologist'),
    status: text('status').notNull(),
    statusEn: text('status_en'),
    ...versionColumns(),
  },
  (t) => [
    index('appointments_participant_idx').on(t.participantId, t.startsAt),
    index('appointments_updated_idx').on(t.updatedAt, t.id),
  ],
);

import { sql } from 'drizzle-orm';
import { bigserial, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Append-only: who read, downloaded or sent which document, every sign-in, lock and participant change. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    actorUserId: integer('actor_user_id'),
    action: text('action').notNull(),
    targetType: text('target_type'),
    targetId: text('target_id'),
    details: jsonb('details').$type<Record<string, unknown>>(),
    ip: text('ip'),
    /**
     * The participant whose data the action concerned (a document read, downloaded or sent), so that
     * "who opened this participant's results?" is one indexed range (FHIR AuditEvent?patient=).
     */
    participantId: integer('participant_id'),
  },
  (t) => [
    index('audit_log_actor_idx').on(t.actorUserId, t.at),
    index('audit_log_target_idx').on(t.targetType, t.targetId),
    index('audit_log_participant_idx').on(t.participantId, t.at).where(sql`${t.participantId} is not null`),
  ],
);

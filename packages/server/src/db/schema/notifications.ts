import { NOTIFICATION_CHANNELS, NOTIFICATION_KINDS } from '@portail/contract/schemas/notifications';
import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './auth';

/**
 * What a person chose to be told, per kind and channel (docs/notifications-and-delivery.md#preferences).
 * No row: the default of the contract's `defaultPreference`.
 */
export const notificationPreferences = pgTable(
  'notification_preferences',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: NOTIFICATION_KINDS }).notNull(),
    channel: text('channel', { enum: NOTIFICATION_CHANNELS }).notNull(),
    enabled: boolean('enabled').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind, t.channel] })],
);

/** The events a notification tells of; each belongs to one kind of the preferences. */
export const NOTIFICATION_EVENTS = [
  'DOCUMENT',
  'BOOKED',
  'MOVED',
  'CANCELLED',
  'REMINDER',
  'TRANSFER_REQUESTED',
  'TRANSFER_ACCEPTED',
  'TRANSFER_CANCELLED',
] as const;
export type NotificationEvent = (typeof NOTIFICATION_EVENTS)[number];

/** PENDING until the worker takes it; SENT when a message told of it; SKIPPED when none was due. */
export const PENDING_NOTIFICATION_STATES = ['PENDING', 'SENT', 'SKIPPED'] as const;

/**
 * An event to tell a person of, written in the transaction of the event itself (a rolled-back write
 * leaves none), and grouped with that person's other events into one message by the worker
 * (features/notifications/notification-worker.ts). A reminder row is written by the worker when it
 * reminds (or by the booking of an appointment less than 48 hours ahead, as SKIPPED): one per
 * appointment and start, so a moved appointment is reminded again for its new time.
 */
export const pendingNotifications = pgTable(
  'pending_notifications',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    event: text('event', { enum: NOTIFICATION_EVENTS }).notNull(),
    /** What it is about: `document/12`, `vis-3`, `rdv-5`, `mutation/4` (never shown to anyone). */
    subject: text('subject').notNull(),
    /** The appointment's start it tells of (appointments and reminders). */
    subjectAt: timestamp('subject_at', { withTimezone: true }),
    /** Not told before then: a held document's availability, a reminder's 48 hours. */
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    state: text('state', { enum: PENDING_NOTIFICATION_STATES }).notNull().default('PENDING'),
    processedAt: timestamp('processed_at', { withTimezone: true }),
  },
  (t) => [
    index('pending_notifications_due_idx').on(t.dueAt, t.userId).where(sql`${t.state} = 'PENDING'`),
    index('pending_notifications_user_idx').on(t.userId, t.id),
    uniqueIndex('pending_notifications_reminder_key')
      .on(t.userId, t.subject, t.subjectAt)
      .where(sql`${t.event} = 'REMINDER'`),
  ],
);

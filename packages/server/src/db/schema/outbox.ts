import { DELIVERY_STATUSES, MESSAGE_PURPOSES } from '@portail/contract/schemas/centre';
import { sql } from 'drizzle-orm';
import { bigint, bigserial, customType, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './auth';

const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => 'bytea' });

export type { DeliveryStatus, MessagePurpose } from '@portail/contract/schemas/centre';
// What a message is for and where its delivery stands: the contract's lists (schemas/centre.ts).
export { DELIVERY_STATUSES, MESSAGE_PURPOSES } from '@portail/contract/schemas/centre';

/**
 * Every text message and mail the portal sends, recorded in the transaction that decides to send it
 * and delivered by the queue (notify/delivery-queue.ts). In demo mode the demo provider accepts them.
 */
export const outbox = pgTable(
  'outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    channel: text('channel', { enum: ['SMS', 'MAIL', 'LETTER'] }).notNull(),
    recipient: text('recipient').notNull(),
    subject: text('subject'),
    body: text('body').notNull(),
    status: text('status', { enum: DELIVERY_STATUSES }).notNull().default('QUEUED'),
    purpose: text('purpose', { enum: MESSAGE_PURPOSES }).notNull().default('OTHER'),
    /** The account the message was sent to (or about), when there is one. */
    userId: integer('user_id').references(() => users.id),
    attempts: integer('attempts').notNull().default(0),
    lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** The provider's answer to the last failed attempt. */
    lastError: text('last_error'),
    /** Not sent before then (quiet hours, an import's spread): the demo outbox shows it. */
    notBefore: timestamp('not_before', { withTimezone: true }),
  },
  (t) => [
    index('outbox_created_idx').on(t.createdAt),
    index('outbox_status_idx').on(t.status, t.id),
    index('outbox_user_idx').on(t.userId, t.id).where(sql`${t.userId} is not null`),
  ],
);

export const outboxAttachments = pgTable(
  'outbox_attachments',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    outboxId: bigint('outbox_id', { mode: 'number' })
      .notNull()
      .references(() => outbox.id, { onDelete: 'cascade' }),
    fileName: text('file_name').notNull(),
    contentType: text('content_type').notNull(),
    content: bytea('content').notNull(),
  },
  (t) => [index('outbox_attachments_outbox_idx').on(t.outboxId)],
);

export { bytea };

import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  check,
  customType,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { integrationClients } from './integration';

/** PostgreSQL's 64-bit transaction id (`pg_current_xact_id()`), read as text: it passes 2^53. */
const xid8 = customType<{ data: string; driverData: string }>({ dataType: () => 'xid8' });

/**
 * The change feed of the integration API (issue 19, "back out to the centre"): one row per change of a
 * row the FHIR API serves, written by the trigger function `fhir_record_change()` (migration 0018) in
 * the writing transaction itself, whoever writes (the screens, the FHIR API, a bulk load).
 *
 * `published_at` stays empty until the change is given its place in the feed by
 * `fhir_publish_changes()`, which only ever sees committed rows and hands out instants that are unique
 * and later than every instant already handed out. A transaction that commits late therefore gets a
 * late place, never one a poller has already passed (README "Integration API: change feed").
 */
export const fhirChanges = pgTable(
  'fhir_changes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** The writing transaction: its changes are published together and in order. */
    txid: xid8('txid').notNull().default(sql`pg_current_xact_id()`),
    resourceType: text('resource_type').notNull(),
    resourceId: text('resource_id').notNull(),
    /** What the change was, as the history entry's `request.method`: POST created, PUT changed, DELETE. */
    method: text('method', { enum: ['POST', 'PUT', 'DELETE'] }).notNull(),
    publishedAt: timestamp('published_at', { withTimezone: true, precision: 6 }),
  },
  (t) => [
    check('fhir_changes_method_check', sql`${t.method} in ('POST', 'PUT', 'DELETE')`),
    uniqueIndex('fhir_changes_published_key').on(t.publishedAt),
    index('fhir_changes_type_published_idx').on(t.resourceType, t.publishedAt),
    index('fhir_changes_unpublished_idx').on(t.txid, t.id).where(sql`${t.publishedAt} is null`),
  ],
);

export const PAYLOAD_CONTENTS = ['empty', 'id-only', 'full-resource'] as const;
export type PayloadContent = (typeof PAYLOAD_CONTENTS)[number];

export const SUBSCRIPTION_STATUSES = ['active', 'error', 'off'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

/**
 * FHIR R4 Subscriptions (channel rest-hook) of the integration clients: an HTTPS endpoint that gets a
 * signed POST for each change matching `criteria`. A subscription belongs to the client that made it.
 */
export const fhirSubscriptions = pgTable(
  'fhir_subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    clientId: text('client_id')
      .notNull()
      .references(() => integrationClients.clientId),
    status: text('status', { enum: SUBSCRIPTION_STATUSES }).notNull().default('active'),
    /** As written (`Patient?active=false`); its resource type and parameters are kept apart. */
    criteria: text('criteria').notNull(),
    resourceType: text('resource_type').notNull(),
    /** The criteria's query string (without `?`), checked at registration; empty when none. */
    filter: text('filter').notNull().default(''),
    endpoint: text('endpoint').notNull(),
    /** `application/fhir+json`: the body carries the change; null: an empty body (the receiver reads). */
    payload: text('payload'),
    /**
     * What a notification's body holds (the R4 Subscriptions Backport's payload content): `full-resource`
     * the history entry with the resource, `id-only` the entry without it (the receiver reads it), `empty`
     * no body (exactly when `payload` is null).
     */
    payloadContent: text('payload_content', { enum: PAYLOAD_CONTENTS }).notNull().default('full-resource'),
    reason: text('reason').notNull().default(''),
    /** Key of the HMAC-SHA256 signature of each notification, shown once at registration. */
    secret: text('secret').notNull(),
    /** Why the status is `error` (the last notification given up), or null. */
    error: text('error'),
    /** The feed instant up to which changes were turned into notifications (fan-out cursor). */
    cursor: timestamp('cursor', { withTimezone: true, precision: 6 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    version: integer('version').notNull().default(1),
  },
  (t) => [
    check('fhir_subscriptions_status_check', sql`${t.status} in ('active', 'error', 'off')`),
    check(
      'fhir_subscriptions_payload_content_check',
      sql`${t.payloadContent} in ('empty', 'id-only', 'full-resource')`,
    ),
    index('fhir_subscriptions_client_idx').on(t.clientId),
  ],
);

export const NOTIFICATION_STATUSES = ['pending', 'sent', 'dead'] as const;

/**
 * One notification of one change to one subscription, until its endpoint accepted it (or it was given
 * up): a small durable queue. Its id is what the receiver de-duplicates on (header
 * `X-Portal-Notification-Id`), the same at every attempt. An instance takes a due row with
 * `FOR UPDATE SKIP LOCKED` and leases it (`next_attempt_at` moved past the longest send), so exactly
 * one instance sends it at a time and another takes it over if that instance dies.
 */
export const fhirNotifications = pgTable(
  'fhir_notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    subscriptionId: uuid('subscription_id')
      .notNull()
      .references(() => fhirSubscriptions.id, { onDelete: 'cascade' }),
    changeId: bigint('change_id', { mode: 'number' }).notNull(),
    resourceType: text('resource_type').notNull(),
    resourceId: text('resource_id').notNull(),
    method: text('method', { enum: ['POST', 'PUT', 'DELETE'] }).notNull(),
    changedAt: timestamp('changed_at', { withTimezone: true, precision: 6 }).notNull(),
    status: text('status', { enum: NOTIFICATION_STATUSES }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    check('fhir_notifications_status_check', sql`${t.status} in ('pending', 'sent', 'dead')`),
    index('fhir_notifications_due_idx').on(t.nextAttemptAt).where(sql`${t.status} = 'pending'`),
    index('fhir_notifications_subscription_idx').on(t.subscriptionId, t.createdAt),
    // The retention sweep (feed-retention.ts) deletes settled notifications past the feed's horizon.
    index('fhir_notifications_settled_idx').on(t.createdAt).where(sql`${t.status} <> 'pending'`),
  ],
);

import { index, jsonb, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';
import type { JSONWebKeySet } from 'jose';
import { bytea } from './outbox';

/**
 * System clients of the integration API (`/fhir/R4`, SMART Backend Services), registered by the centre
 * with `npm run integration -- client add`. A client proves who it is with a JWT signed by a private
 * key whose public half is in `jwks`; a revoked client's tokens stop working at once (the FHIR guard
 * loads the client on every call). Names stay unique after revocation, so the audit log's names
 * always mean one client.
 */
export const integrationClients = pgTable('integration_clients', {
  /** Random, URL-safe, generated at registration: the assertion's `iss` and `sub`. */
  clientId: text('client_id').primaryKey(),
  name: text('name').notNull().unique(),
  /** Space-separated SMART scopes the client may ask for (features/integration/smart-scopes.ts). */
  scopes: text('scopes').notNull(),
  /** A JWK Set of public keys only, each with `kid` (features/integration/client-keys.ts). */
  jwks: jsonb('jwks').$type<JSONWebKeySet>().notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  revokedAt: timestamp('revoked_at', { withTimezone: true }),
});

/**
 * Assertions already used, by `jti`, so each is accepted once (SMART: a `jti` seen again for the same
 * issuer within the assertion's lifetime is a replay). The primary key makes two concurrent uses
 * conflict; the sweeper deletes rows once their assertion could no longer be accepted anyway.
 */
export const integrationAssertions = pgTable(
  'integration_assertions',
  {
    clientId: text('client_id')
      .notNull()
      .references(() => integrationClients.clientId),
    jti: text('jti').notNull(),
    /** The assertion's `exp` plus the clock tolerance: until then it would still verify. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.clientId, t.jti] }),
    index('integration_assertions_expires_idx').on(t.expiresAt),
  ],
);

/**
 * A Binary a client created on its own, before the DocumentReference that takes it (FHIR transaction:
 * the Binary entry, then the DocumentReference naming it by urn:uuid). Creating the document moves the
 * bytes into its content tables and deletes the row; rows nobody claimed are deleted a day later
 * (binary.resource.ts, at each new one).
 */
export const fhirBinaries = pgTable(
  'fhir_binaries',
  {
    id: serial('id').primaryKey(),
    contentType: text('content_type').notNull(),
    content: bytea('content').notNull(),
    clientId: text('client_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('fhir_binaries_created_idx').on(t.createdAt)],
);

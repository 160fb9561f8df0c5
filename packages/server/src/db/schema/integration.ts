import { index, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import type { JSONWebKeySet } from 'jose';

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

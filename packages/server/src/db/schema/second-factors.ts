import {
  bigint,
  boolean,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { sessions, users } from './auth';

/**
 * Passkeys (WebAuthn credentials, docs/second-factors.md#passkeys): the credential's public key and
 * signature counter, for one account each. `name` is the holder's label; `lastUsedAt` shows on screen.
 */
export const passkeys = pgTable(
  'passkeys',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The credential id, base64url, as the authenticator gave it. */
    credentialId: text('credential_id').notNull(),
    /** The COSE public key, base64url. */
    publicKey: text('public_key').notNull(),
    counter: bigint('counter', { mode: 'number' }).notNull().default(0),
    transports: text('transports').array().notNull().default([]),
    /** `singleDevice` or `multiDevice` (a synced passkey), and whether it is backed up now. */
    deviceType: text('device_type').notNull(),
    backedUp: boolean('backed_up').notNull().default(false),
    name: text('name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('passkeys_credential_key').on(t.credentialId), index('passkeys_user_idx').on(t.userId)],
);

/**
 * One-time WebAuthn challenges (registration, second step, sign-in without password), kept in the
 * database so that any instance checks an answer: taken once, atomically, before they expire.
 */
export const webauthnChallenges = pgTable(
  'webauthn_challenges',
  {
    id: text('id').primaryKey(),
    purpose: text('purpose', { enum: ['REGISTER', 'SECOND_STEP', 'SIGN_IN'] }).notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    sessionId: text('session_id').references(() => sessions.id, { onDelete: 'cascade' }),
    challenge: text('challenge').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('webauthn_challenges_expires_idx').on(t.expiresAt)],
);

/**
 * An authenticator app (TOTP, RFC 6238, docs/second-factors.md#authenticator-app): at most one per
 * account. The secret is encrypted (AES-256-GCM under a key derived from CODE_SECRET); `confirmedAt`
 * stays null until a first code proves the app has it. `lastTimeStep` is the newest time step a code
 * was accepted for: a code is never accepted twice.
 */
export const authenticatorApps = pgTable('authenticator_apps', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  secretEncrypted: text('secret_encrypted').notNull(),
  confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
  lastTimeStep: bigint('last_time_step', { mode: 'number' }).notNull().default(0),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
});

/** Ten single-use recovery codes per account, shown once, stored as an HMAC under CODE_SECRET. */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('recovery_codes_user_idx').on(t.userId)],
);

import {
  boolean,
  index,
  integer,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { correspondants } from './correspondants';
import { participants } from './participants';

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
};

/** Secret questions offered for recovery (docs/personal-details.md#secret-question). */
export const secretQuestions = pgTable('secret_questions', {
  id: serial('id').primaryKey(),
  questionFr: text('question_fr').notNull(),
  questionEn: text('question_en').notNull(),
  active: boolean('active').notNull().default(true),
});

/**
 * Accounts that sign in. `kind` decides which login checkbox finds them (rules/username.ts):
 * CORRESPONDANT with the checkbox, PARTICIPANT and STAFF without. A participant's or correspondant's
 * account points at their row; staff accounts (admin) stand alone.
 */
export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    kind: text('kind', { enum: ['PARTICIPANT', 'CORRESPONDANT', 'STAFF'] }).notNull(),
    login: text('login').notNull(),
    passwordHash: text('password_hash'),
    roles: text('roles').array().notNull(),
    participantId: integer('participant_id').references(() => participants.id),
    correspondantId: integer('correspondant_id').references(() => correspondants.id),
    lastName: text('last_name').notNull(),
    firstName: text('first_name').notNull(),
    email: text('email'),
    mobile: text('mobile'),
    active: boolean('active').notNull().default(true),
    englishOnly: boolean('english_only').notNull().default(false),
    lockedAt: timestamp('locked_at', { withTimezone: true }),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    previousLoginAt: timestamp('previous_login_at', { withTimezone: true }),
    secretQuestionId: integer('secret_question_id').references(() => secretQuestions.id),
    secretAnswerHash: text('secret_answer_hash'),
    /**
     * The holder turned the text-message code off (docs/second-factors.md#text-message-code): allowed
     * only while a passkey or an authenticator app is enrolled, and turned back on when the last goes.
     */
    smsCodeOff: boolean('sms_code_off').notNull().default(false),
    ...timestamps,
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_kind_login_key').on(t.kind, t.login),
    index('users_participant_idx').on(t.participantId),
    index('users_correspondant_idx').on(t.correspondantId),
  ],
);

/** A signed-in session: the access token names it, so revoking it ends every token at once. */
export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    ...timestamps,
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Participants must confirm a text-message code before the session may read anything else. */
    secondFactorRequired: boolean('second_factor_required').notNull(),
    secondFactorConfirmedAt: timestamp('second_factor_confirmed_at', { withTimezone: true }),
    /** How the second step was passed: `sms`, `passkey`, `app`, `recovery`, `enrolment` or `passkeySignIn`. */
    secondFactorMethod: text('second_factor_method'),
    /** Wrong app codes, recovery codes and refused passkeys of this session: the third ends it. */
    secondStepFailures: smallint('second_step_failures').notNull().default(0),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedReason: text('revoked_reason'),
    /** Where the session was opened from: the address and a summary of the browser (lib/browser.ts). */
    ip: text('ip'),
    browser: text('browser'),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/** Opaque refresh tokens, stored hashed, rotated at every use; a reused one revokes its session. */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: serial('id').primaryKey(),
    sessionId: text('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    ...timestamps,
    rotatedAt: timestamp('rotated_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('refresh_tokens_hash_key').on(t.tokenHash),
    index('refresh_tokens_session_idx').on(t.sessionId),
  ],
);

/**
 * One-time codes (sign-in second step and registration by text message; a new contact e-mail or
 * mobile, sent to that new address or number, which `pendingValue` holds until the code confirms it).
 */
export const oneTimeCodes = pgTable(
  'one_time_codes',
  {
    id: serial('id').primaryKey(),
    purpose: text('purpose', {
      enum: ['SIGN_IN', 'REGISTRATION', 'CONTACT_EMAIL', 'CONTACT_MOBILE'],
    }).notNull(),
    sessionId: text('session_id').references(() => sessions.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    codeHash: text('code_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    attempts: smallint('attempts').notNull().default(0),
    sendCount: smallint('send_count').notNull().default(1),
    lastSentAt: timestamp('last_sent_at', { withTimezone: true }).notNull().defaultNow(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    pendingValue: text('pending_value'),
    ...timestamps,
  },
  (t) => [index('one_time_codes_session_idx').on(t.sessionId), index('one_time_codes_user_idx').on(t.userId)],
);

/**
 * Wrong-password counter per sign-in key (kind + identifier), for known and unknown identifiers alike,
 * so that an unknown identifier answers exactly as a wrong password does.
 */
export const loginAttempts = pgTable('login_attempts', {
  key: text('key').primaryKey(),
  attempts: integer('attempts').notNull().default(0),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Links sent by mail (password reset or change, registration): random, stored hashed, single use. */
export const accountTokens = pgTable(
  'account_tokens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    purpose: text('purpose', { enum: ['RESET_PASSWORD', 'CHANGE_PASSWORD', 'REGISTRATION'] }).notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    /**
     * A registration link's proof of identity (README "Account recovery and registration by link"):
     * the SHA-256 of the secret given to the browser that passed the birth date and activation code,
     * when it was given and until when it holds. Only that browser may take the later steps.
     */
    proofHash: text('proof_hash'),
    proofIssuedAt: timestamp('proof_issued_at', { withTimezone: true }),
    proofExpiresAt: timestamp('proof_expires_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('account_tokens_hash_key').on(t.tokenHash),
    index('account_tokens_user_idx').on(t.userId),
  ],
);

/**
 * Fixed-window counters for the recovery and registration calls (per account, per address, per
 * link): kept in the database so that every instance of the server counts the same hits.
 */
export const throttles = pgTable('throttles', {
  key: text('key').primaryKey(),
  hits: integer('hits').notNull().default(0),
  windowStart: timestamp('window_start', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Activation codes the centre gives a participant (issue 17: `npm run invite`, a letter, the front
 * desk), to prove at registration that they are the participant and not whoever typed their contact
 * details. Stored as an argon2id hash (eight characters are too few for a plain one); only the latest
 * code of an account counts; `used_at` marks the proof given with it (single use).
 */
export const activationCodes = pgTable(
  'activation_codes',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    codeHash: text('code_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [index('activation_codes_user_idx').on(t.userId)],
);

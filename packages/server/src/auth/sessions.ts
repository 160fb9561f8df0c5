import { randomUUID } from 'node:crypto';
import { isRole, type Role } from '@portail/contract/roles';
import { and, eq, isNull, lt, ne, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Config } from '../config';
import type { Db, DbOrTx } from '../db/client';
import { correspondants, enumItems, participants, refreshTokens, sessions, users } from '../db/schema';
import type { AccountKind, Caller, ScopeLevel } from './caller';
import { hashToken, randomToken } from './secrets';
import type { SessionCache } from './session-cache';
import type { SessionEvents } from './session-events';

/** Only write last_seen_at when it is older than this, so that reads do not all become writes. */
const TOUCH_INTERVAL_MS = 15_000;

export async function createSession(
  tx: DbOrTx,
  userId: number,
  secondFactorRequired: boolean,
  config: Config,
  /** Where the session is opened from (shown to the centre's staff and, later, to the holder). */
  origin: { ip: string | null; browser: string | null } = { ip: null, browser: null },
): Promise<{ sessionId: string; refreshToken: string }> {
  const sessionId = randomUUID();
  const refreshToken = randomToken();
  await tx.insert(sessions).values({
    id: sessionId,
    userId,
    secondFactorRequired,
    ip: origin.ip,
    browser: origin.browser,
    expiresAt: new Date(Date.now() + config.sessionMaxLifetimeS * 1000),
  });
  await tx.insert(refreshTokens).values({ sessionId, tokenHash: hashToken(refreshToken) });
  return { sessionId, refreshToken };
}

export async function revokeSession(
  db: DbOrTx,
  events: SessionEvents,
  sessionId: string,
  reason: string,
): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: new Date(), revokedReason: reason })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
  await events.sessionChanged(db, sessionId);
}

/**
 * Ends every open session of an account but `keep` (the caller's own, or null for all of them), and
 * has every instance read the account again.
 */
export async function revokeUserSessions(
  db: DbOrTx,
  events: SessionEvents,
  userId: number,
  keep: string | null,
  reason: string,
): Promise<number> {
  const ended = await db
    .update(sessions)
    .set({ revokedAt: new Date(), revokedReason: reason })
    .where(
      and(
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        ...(keep === null ? [] : [ne(sessions.id, keep)]),
      ),
    )
    .returning({ id: sessions.id });
  await events.userChanged(db, userId);
  return ended.length;
}

export interface LiveSession {
  id: string;
  userId: number;
  secondFactorRequired: boolean;
  secondFactorConfirmedAt: Date | null;
  expiresAt: Date;
}

/** Why a session can no longer be used, or null when it can. */
export function sessionEndReason(
  session: { revokedAt: Date | null; expiresAt: Date; lastSeenAt: Date },
  config: Config,
  now = Date.now(),
): string | null {
  if (session.revokedAt) return 'revoked';
  if (session.expiresAt.getTime() <= now) return 'expired';
  if (session.lastSeenAt.getTime() + config.sessionIdleTimeoutS * 1000 <= now) return 'idle';
  return null;
}

const category = alias(enumItems, 'category');

function prepareCallerQuery(db: Db) {
  return db
    .select({
      revokedAt: sessions.revokedAt,
      expiresAt: sessions.expiresAt,
      lastSeenAt: sessions.lastSeenAt,
      secondFactorRequired: sessions.secondFactorRequired,
      secondFactorConfirmedAt: sessions.secondFactorConfirmedAt,
      kind: users.kind,
      login: users.login,
      roles: users.roles,
      active: users.active,
      lastName: users.lastName,
      firstName: users.firstName,
      email: users.email,
      mobile: users.mobile,
      englishOnly: users.englishOnly,
      previousLoginAt: users.previousLoginAt,
      participantId: users.participantId,
      correspondantId: users.correspondantId,
      participantActive: participants.active,
      dmcStatus: participants.dmcStatus,
      categoryCode: category.code,
      scopeLevel: correspondants.scopeLevel,
      establishmentId: correspondants.establishmentId,
      companyId: correspondants.companyId,
      groupId: correspondants.groupId,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(participants, eq(participants.id, users.participantId))
    .leftJoin(category, eq(category.id, participants.categoryId))
    .leftJoin(correspondants, eq(correspondants.id, users.correspondantId))
    .where(and(eq(sessions.id, sql.placeholder('sessionId')), eq(sessions.userId, sql.placeholder('userId'))))
    .limit(1)
    .prepare('load_caller');
}

// Every authenticated request runs this query: prepared once per database, planned once by PostgreSQL.
const prepared = new WeakMap<Db, ReturnType<typeof prepareCallerQuery>>();

/**
 * The caller named by a verified access token, or null when its session has ended (revoked, expired,
 * idle for longer than the idle time-out) or its account was disabled. One query loads the session,
 * the account and what the session user (principal) shows, so principal needs no query of its own.
 */
export async function loadCaller(
  db: Db,
  events: SessionEvents,
  userId: number,
  sessionId: string,
  config: Config,
): Promise<Caller | null> {
  const cache = events.cache;
  const cached = cache.get(sessionId);
  if (cached && cached.caller.userId === userId) {
    if (!sessionEndReason({ revokedAt: null, ...cached }, config)) {
      await touch(db, cache, sessionId, cached.lastSeenAt);
      return cached.caller;
    }
    cache.evictSession(sessionId);
  }
  const epoch = cache.begin();
  let query = prepared.get(db);
  if (!query) {
    query = prepareCallerQuery(db);
    prepared.set(db, query);
  }
  const [row] = await query.execute({ sessionId, userId });
  if (!row?.active) return null;
  const ended = sessionEndReason(row, config);
  if (ended) {
    if (ended !== 'revoked') await revokeSession(db, events, sessionId, ended);
    return null;
  }
  const lastSeenAt = await touch(db, cache, sessionId, row.lastSeenAt);
  const kind = row.kind as AccountKind;
  const caller: Caller = {
    userId,
    sessionId,
    kind,
    roles: row.roles.filter(isRole) as Role[],
    participantId: kind === 'PARTICIPANT' ? row.participantId : null,
    correspondant:
      kind === 'CORRESPONDANT' && row.correspondantId !== null && row.scopeLevel
        ? {
            correspondantId: row.correspondantId,
            level: row.scopeLevel as ScopeLevel,
            establishmentId: row.establishmentId,
            companyId: row.companyId,
            groupId: row.groupId,
          }
        : null,
    confirmed: !row.secondFactorRequired || row.secondFactorConfirmedAt !== null,
    profile: {
      login: row.login,
      lastName: row.lastName,
      firstName: row.firstName,
      email: row.email,
      mobile: row.mobile,
      active: kind === 'PARTICIPANT' ? (row.participantActive ?? row.active) : row.active,
      englishOnly: row.englishOnly,
      previousLoginAt: row.previousLoginAt,
      ownId:
        kind === 'PARTICIPANT' ? row.participantId : kind === 'CORRESPONDANT' ? row.correspondantId : null,
      dmcStatus: kind === 'PARTICIPANT' ? row.dmcStatus : null,
      employee: kind === 'PARTICIPANT' && row.categoryCode === 'SAL',
    },
  };
  cache.set(sessionId, { caller, expiresAt: row.expiresAt, lastSeenAt }, epoch);
  return caller;
}

/** Records activity for the idle time-out, at most every TOUCH_INTERVAL_MS per session. */
async function touch(db: Db, cache: SessionCache, sessionId: string, lastSeenAt: Date): Promise<Date> {
  if (Date.now() - lastSeenAt.getTime() <= TOUCH_INTERVAL_MS) return lastSeenAt;
  const now = new Date();
  await db
    .update(sessions)
    .set({ lastSeenAt: now })
    .where(and(eq(sessions.id, sessionId), lt(sessions.lastSeenAt, sql`now()`)));
  cache.touch(sessionId, now);
  return now;
}

import { SESSION_MESSAGES } from '@portail/contract/schemas/sessions';
import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import { revokeSession, revokeUserSessions } from '../../auth/sessions';
import { sessions } from '../../db/schema';
import { audit } from '../../lib/audit';
import { BusinessError, errorMessage, infoMessage } from '../../lib/errors';
import type { AccountDeps, AccountRequest } from './account-deps';

/** Why a session ended when its holder ended it (the centre's staff read it in their account view). */
const ENDED_BY_HOLDER = 'ended by its holder';

/**
 * The caller's sessions that can still be used: neither ended, nor past their lifetime, nor idle past
 * the idle time-out (such a one is refused at its next request anyway): this one first, then the others
 * most recently used first.
 */
export async function ownSessions(deps: AccountDeps, request: AccountRequest) {
  const now = Date.now();
  const rows = await deps.db
    .select({
      id: sessions.id,
      createdAt: sessions.createdAt,
      lastSeenAt: sessions.lastSeenAt,
      browser: sessions.browser,
      ip: sessions.ip,
      secondFactorRequired: sessions.secondFactorRequired,
      secondFactorConfirmedAt: sessions.secondFactorConfirmedAt,
    })
    .from(sessions)
    .where(
      and(
        eq(sessions.userId, request.caller.userId),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, new Date(now)),
        gt(sessions.lastSeenAt, new Date(now - deps.config.sessionIdleTimeoutS * 1000)),
      ),
    )
    .orderBy(desc(sessions.lastSeenAt), desc(sessions.createdAt));
  // This session first, then the others, most recently used first.
  const current = request.caller.sessionId;
  rows.sort((a, b) => Number(b.id === current) - Number(a.id === current));
  return {
    items: rows.map((row) => ({
      id: row.id,
      ouverteLe: row.createdAt.toISOString(),
      derniereActivite: row.lastSeenAt.toISOString(),
      navigateur: row.browser,
      adresseIp: row.ip,
      courante: row.id === request.caller.sessionId,
      codeEnAttente: row.secondFactorRequired && row.secondFactorConfirmedAt === null,
    })),
  };
}

/** Whose record the audit row concerns: the participant's own, so that "My activity" lists it. */
const concerning = (request: AccountRequest) =>
  request.caller.participantId === null ? {} : { participantId: request.caller.participantId };

/**
 * Ends one of the caller's other sessions. Another account's session is answered as one that does not
 * exist; the current one is refused (the holder signs out instead, which also clears this browser).
 */
export async function endOwnSession(deps: AccountDeps, request: AccountRequest, sessionId: string) {
  if (sessionId === request.caller.sessionId) {
    throw new BusinessError([errorMessage(SESSION_MESSAGES.current)], 409);
  }
  await deps.db.transaction(async (tx) => {
    const [session] = await tx
      .select({ id: sessions.id, browser: sessions.browser })
      .from(sessions)
      .where(
        and(
          eq(sessions.id, sessionId),
          eq(sessions.userId, request.caller.userId),
          isNull(sessions.revokedAt),
        ),
      )
      .for('update');
    if (!session) throw new BusinessError([errorMessage(SESSION_MESSAGES.notFound)], 404);
    await revokeSession(tx, deps.sessions, session.id, ENDED_BY_HOLDER);
    await audit(tx, {
      actorUserId: request.caller.userId,
      action: 'SESSION_ENDED_BY_HOLDER',
      targetType: 'session',
      targetId: session.id,
      details: session.browser ? { browser: session.browser } : {},
      ip: request.ip,
      ...concerning(request),
    });
  });
  return { terminees: 1, ciemException: { messages: [infoMessage(SESSION_MESSAGES.ended)] } };
}

/** Ends every session of the caller's but this one ("sign out everywhere else"). */
export async function endOtherSessions(deps: AccountDeps, request: AccountRequest) {
  const ended = await deps.db.transaction(async (tx) => {
    const count = await revokeUserSessions(
      tx,
      deps.sessions,
      request.caller.userId,
      request.caller.sessionId,
      ENDED_BY_HOLDER,
    );
    await audit(tx, {
      actorUserId: request.caller.userId,
      action: 'OTHER_SESSIONS_ENDED_BY_HOLDER',
      targetType: 'user',
      targetId: request.caller.userId,
      details: { count },
      ip: request.ip,
      ...concerning(request),
    });
    return count;
  });
  return {
    terminees: ended,
    ciemException: { messages: [{ ...infoMessage(SESSION_MESSAGES.othersEnded), args: [String(ended)] }] },
  };
}

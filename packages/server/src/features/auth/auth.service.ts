import { isRole, type Role } from '@portail/contract/roles';
import type { OauthError, TokenReply } from '@portail/contract/schemas/auth';
import { and, eq, gt, isNotNull, isNull, notExists, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Caller } from '../../auth/caller';
import { signAccessToken } from '../../auth/jwt';
import { hashToken, randomToken } from '../../auth/secrets';
import type { SessionEvents } from '../../auth/session-events';
import { revokeSession, sessionEndReason } from '../../auth/sessions';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { refreshTokens, sessions, users } from '../../db/schema';
import { audit } from '../../lib/audit';
import type { PortalMetrics } from '../../lib/metrics';
import type { Notifier } from '../../notify/notifier';

export interface AuthDeps {
  db: Db;
  config: Config;
  notifier: Notifier;
  /** The app's sessions cache and their change news (auth/session-events.ts). */
  sessions: SessionEvents;
  /** The app's operations metrics (sign-in outcomes, locks); absent when METRICS_ENABLED=false. */
  metrics?: PortalMetrics | undefined;
}

/** A refused grant; a 429 or 503 comes with the seconds to wait (`Retry-After`). */
export type GrantResult =
  | { ok: true; reply: TokenReply }
  | { ok: false; error: OauthError; status?: 429 | 503; retryAfterS?: number };

export const invalidGrant = (description?: string): GrantResult => ({
  ok: false,
  error: description
    ? { error: 'invalid_grant', error_description: description }
    : { error: 'invalid_grant' },
});

export function rolesOf(row: { roles: string[] }): Role[] {
  return row.roles.filter(isRole) as Role[];
}

export function codeText(code: string, englishOnly: boolean, config: Config): string {
  const minutes = Math.max(1, Math.round(config.signInCodeTtlS / 60));
  return englishOnly
    ? `${config.productName}: your sign-in code is ${code}. It expires in ${minutes} min. Never share it.`
    : `${config.productName} : votre code de connexion est ${code}. Il expire dans ${minutes} min. Ne le communiquez à personne.`;
}

export async function tokensFor(
  deps: AuthDeps,
  userId: number,
  roles: Role[],
  sessionId: string,
  refreshToken: string,
) {
  const accessToken = await signAccessToken(
    { userId, sessionId, roles },
    deps.config.jwtSecret,
    deps.config.accessTokenTtlS,
  );
  return {
    access_token: accessToken,
    refresh_token: refreshToken,
    token_type: 'bearer' as const,
    expires_in: deps.config.accessTokenTtlS,
  };
}

/**
 * Refresh grant: the presented token is rotated atomically. A token that was already rotated means it
 * leaked or was replayed: the whole session ends (refresh-token family revocation).
 */
export async function refreshGrant(deps: AuthDeps, presented: string, ip: string): Promise<GrantResult> {
  const { db, config } = deps;
  const [row] = await db
    .select({
      id: refreshTokens.id,
      rotatedAt: refreshTokens.rotatedAt,
      sessionId: sessions.id,
      revokedAt: sessions.revokedAt,
      expiresAt: sessions.expiresAt,
      lastSeenAt: sessions.lastSeenAt,
      secondFactorRequired: sessions.secondFactorRequired,
      secondFactorConfirmedAt: sessions.secondFactorConfirmedAt,
      userId: users.id,
      roles: users.roles,
      active: users.active,
    })
    .from(refreshTokens)
    .innerJoin(sessions, eq(sessions.id, refreshTokens.sessionId))
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(refreshTokens.tokenHash, hashToken(presented)))
    .limit(1);
  if (!row) return invalidGrant();
  const reuse = async () => {
    await revokeSession(db, deps.sessions, row.sessionId, 'refresh_reuse');
    await audit(db, {
      actorUserId: row.userId,
      action: 'REFRESH_REUSE',
      targetType: 'session',
      targetId: row.sessionId,
      ip,
    });
    return invalidGrant();
  };
  const live = row.active && !sessionEndReason(row, config);
  if (row.rotatedAt) return live && (await concurrentRefresh(db, row.id)) ? sibling(deps, row) : reuse();
  if (!live) return invalidGrant();
  const next = randomToken();
  const rotated = await db.transaction(async (tx) => {
    const [claimed] = await tx
      .update(refreshTokens)
      .set({ rotatedAt: new Date() })
      .where(and(eq(refreshTokens.id, row.id), isNull(refreshTokens.rotatedAt)))
      .returning({ id: refreshTokens.id });
    if (!claimed) return false;
    await tx.insert(refreshTokens).values({ sessionId: row.sessionId, tokenHash: hashToken(next) });
    await tx.update(sessions).set({ lastSeenAt: sql`now()` }).where(eq(sessions.id, row.sessionId));
    return true;
  });
  if (!rotated) return (await concurrentRefresh(db, row.id)) ? sibling(deps, row) : reuse();
  return refreshed(deps, row, next);
}

interface RefreshedSession {
  sessionId: string;
  userId: number;
  roles: string[];
  secondFactorRequired: boolean;
  secondFactorConfirmedAt: Date | null;
}

/** The refresh grant's reply: new tokens of the session, and whether its second step is still due. */
async function refreshed(deps: AuthDeps, row: RefreshedSession, refreshToken: string): Promise<GrantResult> {
  const tokens = await tokensFor(deps, row.userId, rolesOf(row), row.sessionId, refreshToken);
  const pending = row.secondFactorRequired && !row.secondFactorConfirmedAt;
  return { ok: true, reply: { ...tokens, tel: '', confirmationRequise: pending } };
}

/**
 * How long after its rotation a refresh token still counts as presented by a concurrent refresh
 * rather than replayed: two tabs of one session (a duplicated tab copies sessionStorage) refresh with
 * the same token at the same moment. Ory Hydra's rotation grace period, kept short.
 */
export const REFRESH_GRACE_MS = 10_000;

/**
 * A rotated token presented again is a concurrent refresh, not a replay, when it was rotated less than
 * REFRESH_GRACE_MS ago and no newer token of its session has been used since: then nobody has moved
 * the session on, and an attacker replaying a stolen token later than that still ends it.
 */
async function concurrentRefresh(db: Db, tokenId: number): Promise<boolean> {
  const newer = alias(refreshTokens, 'newer');
  const [row] = await db
    .select({ id: refreshTokens.id })
    .from(refreshTokens)
    .where(
      and(
        eq(refreshTokens.id, tokenId),
        gt(refreshTokens.rotatedAt, sql`now() - make_interval(secs => ${REFRESH_GRACE_MS / 1000})`),
        notExists(
          db
            .select({ one: sql`1` })
            .from(newer)
            .where(
              and(
                eq(newer.sessionId, refreshTokens.sessionId),
                gt(newer.id, refreshTokens.id),
                isNotNull(newer.rotatedAt),
              ),
            ),
        ),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** The concurrent refresh's own tokens: a sibling of the token the other tab received, same session. */
async function sibling(deps: AuthDeps, row: RefreshedSession): Promise<GrantResult> {
  const next = randomToken();
  await deps.db.insert(refreshTokens).values({ sessionId: row.sessionId, tokenHash: hashToken(next) });
  return refreshed(deps, row, next);
}

export async function logout(deps: AuthDeps, caller: Caller, ip: string): Promise<void> {
  await revokeSession(deps.db, deps.sessions, caller.sessionId, 'logout');
  await audit(deps.db, {
    actorUserId: caller.userId,
    action: 'SIGN_OUT',
    targetType: 'session',
    targetId: caller.sessionId,
    ip,
  });
}

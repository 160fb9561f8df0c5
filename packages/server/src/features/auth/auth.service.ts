import { MAX_PASSWORD_ATTEMPTS } from '@portail/contract/constants';
import { isRole, type Role } from '@portail/contract/roles';
import { maskPhone } from '@portail/contract/rules/phone';
import { parseUsername } from '@portail/contract/rules/username';
import type { OauthError, TokenReply } from '@portail/contract/schemas/auth';
import type { Message } from '@portail/contract/schemas/common';
import { and, asc, eq, gt, inArray, isNotNull, isNull, notExists, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Caller } from '../../auth/caller';
import { checkCode, issueCode, resendCode } from '../../auth/codes';
import { signAccessToken } from '../../auth/jwt';
import { attemptKey, clearAttempts, reserveAttempt } from '../../auth/lockout';
import { verifyPassword } from '../../auth/passwords';
import { hashToken, randomToken } from '../../auth/secrets';
import { sessionChanged } from '../../auth/session-events';
import { createSession, revokeSession, sessionEndReason } from '../../auth/sessions';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { refreshTokens, sessions, users } from '../../db/schema';
import { audit } from '../../lib/audit';
import { errorMessage, tooManyRequests, warnMessage } from '../../lib/errors';
import type { Notifier } from '../../notify/notifier';

export interface AuthDeps {
  db: Db;
  config: Config;
  notifier: Notifier;
}

export type GrantResult = { ok: true; reply: TokenReply } | { ok: false; error: OauthError };

const invalidGrant = (description?: string): GrantResult => ({
  ok: false,
  error: description
    ? { error: 'invalid_grant', error_description: description }
    : { error: 'invalid_grant' },
});

function rolesOf(row: { roles: string[] }): Role[] {
  return row.roles.filter(isRole) as Role[];
}

function codeText(code: string, englishOnly: boolean, config: Config): string {
  const minutes = Math.max(1, Math.round(config.signInCodeTtlS / 60));
  return englishOnly
    ? `${config.productName}: your sign-in code is ${code}. It expires in ${minutes} min. Never share it.`
    : `${config.productName} : votre code de connexion est ${code}. Il expire dans ${minutes} min. Ne le communiquez à personne.`;
}

async function tokensFor(
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
 * Password grant (000 §4, §8): three wrong passwords lock the account. Each attempt is reserved
 * before the password is checked (auth/lockout.ts), and an unknown identifier goes through the same
 * counter and the same hash verification, so its answers and timing match a wrong password's.
 */
export async function passwordGrant(
  deps: AuthDeps,
  username: string,
  password: string,
  ip: string,
): Promise<GrantResult> {
  const { db, config } = deps;
  const parsed = parseUsername(username);
  const key = parsed ? attemptKey(parsed.kind, parsed.identifier) : `?:${username.toLowerCase()}`;
  const attempt = await reserveAttempt(db, key);
  const kinds = parsed?.kind === 'C' ? (['CORRESPONDANT'] as const) : (['PARTICIPANT', 'STAFF'] as const);
  const [user] = parsed
    ? await db
        .select()
        .from(users)
        .where(and(inArray(users.kind, [...kinds]), eq(users.login, parsed.identifier)))
        .orderBy(asc(users.id))
        .limit(1)
    : [];
  if (attempt > MAX_PASSWORD_ATTEMPTS) {
    await audit(db, {
      actorUserId: user?.id ?? null,
      action: 'SIGN_IN_REFUSED_LOCKED',
      details: { key },
      ip,
    });
    return invalidGrant('user.locked');
  }
  const valid = await verifyPassword(user?.passwordHash, password);
  if (!user || !valid || !user.active) {
    if (attempt === MAX_PASSWORD_ATTEMPTS) {
      if (user) await db.update(users).set({ lockedAt: new Date() }).where(eq(users.id, user.id));
      await audit(db, { actorUserId: user?.id ?? null, action: 'ACCOUNT_LOCKED', details: { key }, ip });
    } else {
      await audit(db, {
        actorUserId: user?.id ?? null,
        action: 'SIGN_IN_FAILED',
        details: { key, attempt },
        ip,
      });
    }
    return invalidGrant(`tentative.${attempt}`);
  }
  await clearAttempts(db, key);
  const roles = rolesOf(user);
  const secondFactor = user.kind === 'PARTICIPANT';
  const { sessionId, refreshToken, code } = await db.transaction(async (tx) => {
    const created = await createSession(tx, user.id, secondFactor, config);
    await tx
      .update(users)
      .set({ previousLoginAt: user.lastLoginAt, lastLoginAt: new Date(), lockedAt: null })
      .where(eq(users.id, user.id));
    await audit(tx, {
      actorUserId: user.id,
      action: 'SIGN_IN',
      targetType: 'session',
      targetId: created.sessionId,
      ip,
    });
    const sent = secondFactor
      ? await issueCode(
          tx,
          { userId: user.id, sessionId: created.sessionId, purpose: 'SIGN_IN' },
          config.jwtSecret,
          config.signInCodeTtlS,
        )
      : null;
    return { ...created, code: sent };
  });
  if (code && user.mobile) await deps.notifier.sms(user.mobile, codeText(code, user.englishOnly, config));
  const tokens = await tokensFor(deps, user.id, roles, sessionId, refreshToken);
  return {
    ok: true,
    reply: { ...tokens, tel: secondFactor ? maskPhone(user.mobile) : '', confirmationRequise: secondFactor },
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
    await revokeSession(db, row.sessionId, 'refresh_reuse');
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

export interface ConfirmResult {
  ok: boolean;
  messages: Message[];
}

/** Second step of a participant's sign-in (000 §2.4): three tries, then the session ends. */
export async function confirmSignInCode(
  deps: AuthDeps,
  caller: Caller,
  code: string,
  ip: string,
): Promise<ConfirmResult> {
  const { db, config } = deps;
  if (caller.confirmed) return { ok: false, messages: [errorMessage('authConfirm.error.alreadyLogued')] };
  const outcome = await checkCode(db, caller.sessionId, code, config.jwtSecret);
  switch (outcome.result) {
    case 'ok':
      await db
        .update(sessions)
        .set({ secondFactorConfirmedAt: new Date() })
        .where(eq(sessions.id, caller.sessionId));
      await sessionChanged(db, caller.sessionId);
      await audit(db, {
        actorUserId: caller.userId,
        action: 'SIGN_IN_CONFIRMED',
        targetType: 'session',
        targetId: caller.sessionId,
        ip,
      });
      return { ok: true, messages: [] };
    case 'wrong':
      await audit(db, {
        actorUserId: caller.userId,
        action: 'CODE_FAILED',
        details: { attempt: outcome.attempt },
        ip,
      });
      return { ok: false, messages: [warnMessage(`tentative.${outcome.attempt}`)] };
    case 'exhausted':
      await revokeSession(db, caller.sessionId, 'code_attempts');
      await audit(db, {
        actorUserId: caller.userId,
        action: 'CODE_LOCKED',
        targetType: 'session',
        targetId: caller.sessionId,
        ip,
      });
      return { ok: false, messages: [errorMessage('tentative.3')] };
    case 'expired':
      await revokeSession(db, caller.sessionId, 'code_expired');
      return { ok: false, messages: [errorMessage('code.expired')] };
  }
}

export async function resendSignInCode(deps: AuthDeps, caller: Caller): Promise<{ tel: string }> {
  const { db, config } = deps;
  const [user] = await db.select().from(users).where(eq(users.id, caller.userId)).limit(1);
  if (caller.confirmed || !user) return { tel: '' };
  const outcome = await resendCode(db, caller.sessionId, config.jwtSecret, config.signInCodeTtlS);
  if (outcome.result === 'wait') throw tooManyRequests(outcome.retryAfterS);
  if (outcome.result === 'none') throw tooManyRequests(60);
  if (user.mobile) await deps.notifier.sms(user.mobile, codeText(outcome.code, user.englishOnly, config));
  return { tel: maskPhone(user.mobile) };
}

export async function logout(deps: AuthDeps, caller: Caller, ip: string): Promise<void> {
  await revokeSession(deps.db, caller.sessionId, 'logout');
  await audit(deps.db, {
    actorUserId: caller.userId,
    action: 'SIGN_OUT',
    targetType: 'session',
    targetId: caller.sessionId,
    ip,
  });
}

import type { Message } from '@portail/contract/schemas/common';
import { type NewPasswordBody, RECOVERY_MESSAGES } from '@portail/contract/schemas/recovery';
import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { consumeAccountToken, findAccountToken } from '../../auth/account-tokens';
import { attemptKey, clearAttempts } from '../../auth/lockout';
import { mailPasswordChanged } from '../../auth/password-notice';
import { passwordProblem } from '../../auth/password-policy';
import { hashPassword } from '../../auth/passwords';
import type { SessionEvents } from '../../auth/session-events';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { sessions, users } from '../../db/schema';
import { audit } from '../../lib/audit';
import { BusinessError, errorMessage, infoMessage } from '../../lib/errors';
import { FieldErrors } from '../../lib/field-errors';
import type { Notifier } from '../../notify/notifier';
import { findAccount } from '../account';
import { countClientCall } from './recovery-throttle';

export interface NewPasswordDeps {
  db: Db;
  config: Config;
  notifier: Notifier;
  sessions: SessionEvents;
}

/** Which link each screen takes (docs/recovery.md#reset-link): change mode the CHANGE_PASSWORD ones, reinit mode the RESET ones. */
export type NewPasswordMode = 'change' | 'reinit';
const PURPOSES = {
  change: ['CHANGE_PASSWORD'],
  reinit: ['RESET_PASSWORD'],
} as const;
const ANY_PASSWORD_LINK = ['RESET_PASSWORD', 'CHANGE_PASSWORD'] as const;

/** POST resetPassword/token (docs/recovery.md#reset-link Reset-password link screen): whether a link may still be used. */
export async function passwordLinkIsValid(db: Db, token: string, ip: string): Promise<boolean> {
  await countClientCall(db, ip);
  const found = await findAccountToken(db, token, ANY_PASSWORD_LINK);
  if (found.state !== 'valid') {
    await audit(db, {
      actorUserId: null,
      action: 'PASSWORD_LINK_INVALID',
      ...(found.state === 'none' ? {} : { targetType: 'user', targetId: found.userId }),
      details: { state: found.state },
      ip,
    });
    return false;
  }
  return true;
}

/**
 * POST savePassword / reinitpassword (docs/recovery.md#reset-link; docs/recovery.md#new-password-rule): the new password must follow the rules and
 * not be an easily guessed one. The link is spent in the same transaction that saves the password, so
 * of two requests with one link exactly one succeeds, and a refused one leaves the link usable. All
 * the account's sessions end and a lock from wrong passwords is lifted.
 */
export async function saveNewPassword(
  deps: NewPasswordDeps,
  mode: NewPasswordMode,
  body: NewPasswordBody,
  ctx: { ip: string; log: FastifyBaseLogger },
): Promise<Message[]> {
  const { db } = deps;
  const purposes = PURPOSES[mode];
  const found = await findAccountToken(db, body.token, purposes);
  const holder = found.state === 'valid' ? await findAccount(db, found.userId) : null;
  const problem = passwordProblem(body.password, [
    holder?.login,
    holder?.lastName,
    holder?.firstName,
    holder?.email,
  ]);
  if (problem) throw new FieldErrors([{ field: 'password', defaultMessage: problem }]);
  const passwordHash = await hashPassword(body.password);
  const userId = await db.transaction(async (tx) => {
    const spent = await consumeAccountToken(tx, body.token, purposes);
    if (!spent) return null;
    await tx
      .update(users)
      .set({ passwordHash, lockedAt: null, updatedAt: new Date() })
      .where(eq(users.id, spent.userId));
    await tx
      .update(sessions)
      .set({ revokedAt: new Date(), revokedReason: 'password_reset' })
      .where(and(eq(sessions.userId, spent.userId), isNull(sessions.revokedAt)));
    await deps.sessions.userChanged(tx, spent.userId);
    await audit(tx, {
      actorUserId: null,
      action: 'PASSWORD_RESET',
      targetType: 'user',
      targetId: spent.userId,
      details: { purpose: spent.purpose },
      ip: ctx.ip,
    });
    return spent.userId;
  });
  if (userId === null) {
    await audit(db, {
      actorUserId: null,
      action: 'PASSWORD_LINK_INVALID',
      details: { mode },
      ip: ctx.ip,
    });
    throw new BusinessError([errorMessage(RECOVERY_MESSAGES.linkExpired)]);
  }
  const saved = holder?.id === userId ? holder : await findAccount(db, userId);
  if (saved) {
    // Three wrong passwords locked the account through this counter: the new password lifts it.
    await clearAttempts(
      db,
      attemptKey(saved.kind === 'CORRESPONDANT' ? 'C' : 'P', saved.login.toLowerCase()),
    );
    await mailPasswordChanged(deps, ctx.log, saved, 'link');
  }
  return [infoMessage(RECOVERY_MESSAGES.passwordSaved)];
}

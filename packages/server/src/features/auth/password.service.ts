import { and, eq, ne } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Caller } from '../../auth/caller';
import { mailPasswordChanged } from '../../auth/password-notice';
import { passwordProblem } from '../../auth/password-policy';
import { hashPassword, verifyPassword } from '../../auth/passwords';
import { userChanged } from '../../auth/session-events';
import { sessions, users } from '../../db/schema';
import { audit } from '../../lib/audit';
import { FieldErrors } from '../../lib/field-errors';
import type { AuthDeps } from './auth.service';

/**
 * POST /oauth/changePassword (000 §7): the old password must be right and the new one must follow the
 * password rules and not be an easily guessed one (auth/password-policy.ts). Other sessions of the account end; the account holder is told by mail.
 */
export async function changePassword(
  deps: AuthDeps,
  caller: Caller,
  body: { ancienMotDePasse: string; motDePasse: string },
  ip: string,
  log?: FastifyBaseLogger,
): Promise<void> {
  const { db } = deps;
  const [user] = await db.select().from(users).where(eq(users.id, caller.userId)).limit(1);
  const problem = passwordProblem(body.motDePasse, [
    user?.login,
    user?.lastName,
    user?.firstName,
    user?.email,
  ]);
  if (problem) throw new FieldErrors([{ field: 'motDePasse', defaultMessage: problem }]);
  if (!user || !(await verifyPassword(user.passwordHash, body.ancienMotDePasse))) {
    await audit(db, { actorUserId: caller.userId, action: 'PASSWORD_CHANGE_REFUSED', ip });
    throw new FieldErrors([{ field: 'ancienMotDePasse', defaultMessage: 'errors.ancienMotDePasse' }]);
  }
  const passwordHash = await hashPassword(body.motDePasse);
  await db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, user.id));
    await tx
      .update(sessions)
      .set({ revokedAt: new Date(), revokedReason: 'password_changed' })
      .where(and(eq(sessions.userId, user.id), ne(sessions.id, caller.sessionId)));
    await userChanged(tx, user.id);
    await audit(tx, {
      actorUserId: caller.userId,
      action: 'PASSWORD_CHANGED',
      targetType: 'user',
      targetId: user.id,
      ip,
    });
  });
  await mailPasswordChanged(deps, log, user, 'account');
}

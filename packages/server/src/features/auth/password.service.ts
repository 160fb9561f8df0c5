import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Caller } from '../../auth/caller';
import { mailPasswordChanged } from '../../auth/password-notice';
import { passwordProblem } from '../../auth/password-policy';
import { hashPassword } from '../../auth/passwords';
import { reauthenticate } from '../../auth/reauthenticate';
import { revokeUserSessions } from '../../auth/sessions';
import { users } from '../../db/schema';
import { audit } from '../../lib/audit';
import { FieldErrors } from '../../lib/field-errors';
import type { AuthDeps } from './auth.service';

/**
 * POST /oauth/changePassword (docs/sign-in-and-sessions.md#password-grant): the old password must be right and the new one must follow the
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
  if (!user)
    throw new FieldErrors([{ field: 'ancienMotDePasse', defaultMessage: 'errors.ancienMotDePasse' }]);
  // The old password counts toward sign-in's lock like every other password check (issue 17).
  try {
    await reauthenticate(
      deps,
      { userId: user.id, ip, field: { name: 'ancienMotDePasse', message: 'errors.ancienMotDePasse' } },
      body.ancienMotDePasse,
    );
  } catch (error) {
    await audit(db, { actorUserId: caller.userId, action: 'PASSWORD_CHANGE_REFUSED', ip });
    throw error;
  }
  const passwordHash = await hashPassword(body.motDePasse);
  await db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, user.id));
    await revokeUserSessions(tx, deps.sessions, user.id, caller.sessionId, 'password_changed');
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

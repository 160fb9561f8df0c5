import { meetsPasswordRules } from '@portail/contract/rules/password';
import { and, eq, ne } from 'drizzle-orm';
import type { Caller } from '../../auth/caller';
import { hashPassword, verifyPassword } from '../../auth/passwords';
import { userChanged } from '../../auth/session-events';
import { sessions, users } from '../../db/schema';
import { audit } from '../../lib/audit';
import { FieldErrors } from '../../lib/field-errors';
import type { AuthDeps } from './auth.service';

/**
 * POST /oauth/changePassword (000 §7): the old password must be right and the new one must follow the
 * password rules. Other sessions of the account end; the account holder is told by mail.
 */
export async function changePassword(
  deps: AuthDeps,
  caller: Caller,
  body: { ancienMotDePasse: string; motDePasse: string },
  ip: string,
): Promise<void> {
  const { db } = deps;
  if (!meetsPasswordRules(body.motDePasse))
    throw new FieldErrors([{ field: 'motDePasse', defaultMessage: 'errors.passwordRegles' }]);
  const [user] = await db.select().from(users).where(eq(users.id, caller.userId)).limit(1);
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
  if (user.email) {
    const english = user.englishOnly;
    await deps.notifier.mail({
      to: user.email,
      subject: english
        ? `${deps.config.productName}: your password was changed`
        : `${deps.config.productName} : votre mot de passe a été modifié`,
      text: english
        ? 'Your password was changed. If you did not do it, contact the centre at once.'
        : "Votre mot de passe a été modifié. Si vous n'êtes pas à l'origine de ce changement, contactez le centre sans attendre.",
    });
  }
}

import { ACCOUNT_MESSAGES, type SecretAnswerBody } from '@portail/contract/schemas/account';
import type { Message } from '@portail/contract/schemas/common';
import { eq } from 'drizzle-orm';
import { hashPassword, normaliseAnswer } from '../../auth/passwords';
import { reauthenticate } from '../../auth/reauthenticate';
import { isActiveQuestion } from '../../auth/secret-questions';
import { revokeUserSessions } from '../../auth/sessions';
import { users } from '../../db/schema';
import { audit } from '../../lib/audit';
import { infoMessage, notFound } from '../../lib/errors';
import { FieldErrors } from '../../lib/field-errors';
import type { AccountDeps, AccountRequest } from './account-deps';
import { mailAccountNotice } from './account-mail';

/**
 * POST user/question (docs/recovery.md#forgot-password): a new secret question and its answer, kept as an argon2id hash of the
 * normalised answer (case, accents and spaces ignored, as recovery compares it). The question must be
 * one the centre still offers. The current password is asked first (issue 17): the question opens
 * recovery, so a stolen session must not set it; the account's other sessions end.
 */
export async function saveSecretQuestion(
  deps: AccountDeps,
  ctx: AccountRequest,
  body: SecretAnswerBody,
): Promise<Message[]> {
  if (!(await isActiveQuestion(deps.db, body.id)))
    throw new FieldErrors([{ field: 'id', defaultMessage: 'errors.invalid' }]);
  await reauthenticate(deps, { userId: ctx.caller.userId, ip: ctx.ip }, body.motDePasse);
  const answerHash = await hashPassword(normaliseAnswer(body.response));
  const account = await deps.db.transaction(async (tx) => {
    const [current] = await tx
      .select({
        id: users.id,
        email: users.email,
        englishOnly: users.englishOnly,
        questionId: users.secretQuestionId,
      })
      .from(users)
      .where(eq(users.id, ctx.caller.userId))
      .for('update');
    if (!current) throw notFound();
    await tx
      .update(users)
      .set({ secretQuestionId: body.id, secretAnswerHash: answerHash, updatedAt: new Date() })
      .where(eq(users.id, current.id));
    await revokeUserSessions(tx, deps.sessions, current.id, ctx.caller.sessionId, 'question_changed');
    await audit(tx, {
      actorUserId: ctx.caller.userId,
      action: 'SECRET_QUESTION_CHANGED',
      targetType: 'user',
      targetId: current.id,
      // The answer is a secret: the log says that it changed, never what it is.
      details: { before: { questionId: current.questionId }, after: { questionId: body.id } },
      ip: ctx.ip,
    });
    return current;
  });
  await mailAccountNotice(deps, ctx.log, account.email, account.englishOnly, 'secretQuestion', account.id);
  return [infoMessage(ACCOUNT_MESSAGES.questionSaved)];
}

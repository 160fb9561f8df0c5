import type { Message } from '@portail/contract/schemas/common';
import { RECOVERY_MESSAGES } from '@portail/contract/schemas/recovery';
import { normaliseAnswer, verifyPassword } from '../../auth/passwords';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { audit } from '../../lib/audit';
import { BusinessError, errorMessage, infoMessage } from '../../lib/errors';
import { normaliseMobile } from '../../lib/phone';
import type { Notifier } from '../../notify/notifier';
import { sendPasswordLink } from './password-links';
import { mailTarget, phoneTarget } from './question.service';
import { findAccountByMail, findAccountByPhone, type RecoveryAccount } from './recovery.queries';
import { answerKey, countAnswer, countClientCall, forgetAnswers } from './recovery-throttle';

export interface AnswerDeps {
  db: Db;
  config: Config;
  notifier: Notifier;
}

/**
 * Whether the answer releases the account. An unknown account pays the same argon2 verification (a
 * decoy hash) as a known one, and a known one whose question is not the one answered pays it too, so
 * the time taken tells nothing.
 */
async function answerIsRight(
  account: RecoveryAccount | null,
  questionId: number,
  response: string,
): Promise<boolean> {
  const valid = await verifyPassword(account?.secretAnswerHash, normaliseAnswer(response));
  return account !== null && valid && account.secretQuestionId === questionId;
}

/**
 * Counts the answer, then evaluates it. Wrong answers, unknown accounts and another question all get
 * the same refusal (409 recovery.reponseIncorrecte); the audit log alone tells them apart.
 */
async function checkAnswer(
  deps: AnswerDeps,
  account: RecoveryAccount | null,
  unknownTarget: string,
  body: { idQuestion: number; response: string },
  channel: 'mail' | 'phone',
  ip: string,
): Promise<RecoveryAccount> {
  const key = account ? answerKey({ userId: account.id }) : answerKey({ unknown: unknownTarget });
  await countAnswer(deps.db, key);
  const right = await answerIsRight(account, body.idQuestion, body.response);
  if (!account || !right) {
    await audit(deps.db, {
      actorUserId: null,
      action: 'RECOVERY_ANSWER_REFUSED',
      ...(account ? { targetType: 'user', targetId: account.id } : {}),
      details: { channel, known: account !== null },
      ip,
    });
    throw new BusinessError([errorMessage(RECOVERY_MESSAGES.wrongAnswer)]);
  }
  await forgetAnswers(deps.db, key);
  await audit(deps.db, {
    actorUserId: null,
    action: 'RECOVERY_ANSWER_ACCEPTED',
    targetType: 'user',
    targetId: account.id,
    details: { channel },
    ip,
  });
  return account;
}

/** POST resetPassword (docs/recovery.md#forgot-password Forgot password, step 2): a right answer mails a reset link. */
export async function answerByMail(
  deps: AnswerDeps,
  body: { idQuestion: number; response: string; mail: string; roleCorrespondant: boolean },
  ip: string,
): Promise<Message[]> {
  await countClientCall(deps.db, ip);
  const found = await findAccountByMail(deps.db, body.mail, body.roleCorrespondant);
  const account = await checkAnswer(
    deps,
    found,
    mailTarget(body.mail, body.roleCorrespondant),
    body,
    'mail',
    ip,
  );
  await sendPasswordLink(deps, account.id, 'RESET_PASSWORD', ip);
  return [infoMessage(RECOVERY_MESSAGES.resetMailSent)];
}

function loginText(config: Config, login: string, english: boolean): string {
  return english
    ? `${config.productName}: your identifier is ${login}. If you did not ask for it, ignore this message.`
    : `${config.productName} : votre identifiant est ${login}. Si vous n'êtes pas à l'origine de cette demande, ignorez ce message.`;
}

/** POST forgotLogin (docs/recovery.md#forgot-password Forgot identifier, step 2): a right answer sends the identifier by SMS. */
export async function answerByPhone(
  deps: AnswerDeps,
  body: { idQuestion: number; response: string; phone: string; dateDeNaissance: string },
  ip: string,
): Promise<Message[]> {
  await countClientCall(deps.db, ip);
  const found = await findAccountByPhone(deps.db, normaliseMobile(body.phone), body.dateDeNaissance);
  const account = await checkAnswer(
    deps,
    found,
    phoneTarget(body.phone, body.dateDeNaissance),
    body,
    'phone',
    ip,
  );
  // The SMS goes to the number on file (which the typed one matched), never to what was typed.
  if (account.mobile) {
    await deps.notifier.sms(account.mobile, loginText(deps.config, account.login, account.englishOnly), {
      purpose: 'LOGIN_REMINDER',
      userId: account.id,
    });
  }
  await audit(deps.db, {
    actorUserId: null,
    action: 'RECOVERY_LOGIN_SENT',
    targetType: 'user',
    targetId: account.id,
    ip,
  });
  return [infoMessage(RECOVERY_MESSAGES.loginSmsSent)];
}

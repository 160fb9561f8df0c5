import { createHmac } from 'node:crypto';
import type { SecretQuestion } from '@portail/contract/schemas/account';
import { activeQuestions } from '../../auth/secret-questions';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { audit } from '../../lib/audit';
import { notFound } from '../../lib/errors';
import { normaliseMobile } from '../../lib/phone';
import {
  findAccountByMail,
  findAccountByPhone,
  findQuestion,
  type RecoveryAccount,
} from './recovery.queries';
import { countClientCall } from './recovery-throttle';

export interface RecoveryDeps {
  db: Db;
  config: Config;
}

/** The normalised forms both steps of a flow look the account up by, and count unknown ones by. */
export const mailTarget = (email: string, correspondant: boolean) =>
  `mail:${email.trim().toLowerCase()}|${correspondant ? 'C' : 'P'}`;
export const phoneTarget = (phone: string, birthDate: string) =>
  `phone:${normaliseMobile(phone) ?? phone.replace(/\s+/g, '').toLowerCase()}|${birthDate}`;

/**
 * The question shown for an address no account matches: one of the centre's questions, chosen by a
 * keyed hash of the address, so that asking twice shows the same one and nothing tells it apart from
 * a real account's (docs/recovery.md#forgot-password: the reply never reveals whether an account exists).
 */
async function decoyQuestion(deps: RecoveryDeps, target: string): Promise<SecretQuestion> {
  const questions = await activeQuestions(deps.db);
  if (questions.length === 0) throw notFound();
  const mac = createHmac('sha256', deps.config.codeSecret).update(target).digest();
  const question = questions[mac.readUInt32BE(0) % questions.length];
  if (!question) throw notFound();
  return question;
}

async function questionFor(
  deps: RecoveryDeps,
  account: RecoveryAccount | null,
  target: string,
  channel: 'mail' | 'phone',
  ip: string,
): Promise<SecretQuestion> {
  const own = account ? await findQuestion(deps.db, account.secretQuestionId) : null;
  await audit(deps.db, {
    actorUserId: null,
    action: 'RECOVERY_QUESTION_ASKED',
    ...(own && account ? { targetType: 'user', targetId: account.id } : {}),
    details: { channel, known: own !== null },
    ip,
  });
  return own ?? decoyQuestion(deps, target);
}

/** POST resetPassword/user/mail (docs/recovery.md#forgot-password): the secret question of the account an e-mail names. */
export async function questionByMail(
  deps: RecoveryDeps,
  query: { email: string; roleCorrespondant: boolean },
  ip: string,
): Promise<SecretQuestion> {
  await countClientCall(deps.db, ip);
  const account = await findAccountByMail(deps.db, query.email, query.roleCorrespondant);
  return questionFor(deps, account, mailTarget(query.email, query.roleCorrespondant), 'mail', ip);
}

/** POST resetPassword/user/phone (docs/recovery.md#forgot-password): the question of the participant a mobile and birth date name. */
export async function questionByPhone(
  deps: RecoveryDeps,
  body: { portable: string; dateDeNaissance: string },
  ip: string,
): Promise<SecretQuestion> {
  await countClientCall(deps.db, ip);
  const account = await findAccountByPhone(deps.db, normaliseMobile(body.portable), body.dateDeNaissance);
  return questionFor(deps, account, phoneTarget(body.portable, body.dateDeNaissance), 'phone', ip);
}

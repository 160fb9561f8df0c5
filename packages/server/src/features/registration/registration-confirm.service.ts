import {
  REGISTRATION_MESSAGES,
  type RegistrationResult,
  type registrationForm,
} from '@portail/contract/schemas/registration';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { consumeAccountToken } from '../../auth/account-tokens';
import { attemptKey, clearAttempts } from '../../auth/lockout';
import { passwordProblem } from '../../auth/password-policy';
import { hashPassword, normaliseAnswer } from '../../auth/passwords';
import { isActiveQuestion } from '../../auth/secret-questions';
import type { DbOrTx } from '../../db/client';
import { participants, users } from '../../db/schema';
import { audit } from '../../lib/audit';
import { errorMessage, infoMessage } from '../../lib/errors';
import { FieldErrors } from '../../lib/field-errors';
import { isValidMobile } from '../../lib/phone';
import { findRegistrationLink, type LinkAccount } from './registration.queries';
import { isCodeConfirmed, result } from './registration-code.service';
import type { RegistrationDeps, RegistrationRequest } from './registration-deps';
import { provenBy } from './registration-proof';

type Form = z.output<typeof registrationForm>;
type Refusal = { refused: RegistrationResult };
type Opened = { account: LinkAccount };

const refuse = (code: string): Refusal => ({ refused: result(false, errorMessage(code)) });

/**
 * The link must be valid and its account still to register; a participant's call must carry the proof
 * given to the browser that proved who they are (birth date and the centre's activation code, issue
 * 17), and that browser must have confirmed the code of this link within the last 30 minutes (docs/activation.md#participant-steps:
 * the code comes first).
 */
async function openLink(db: DbOrTx, token: string, proof: string | undefined): Promise<Refusal | Opened> {
  const link = await findRegistrationLink(db, token);
  if (link.state !== 'valid' || !link.account.pending) return refuse(REGISTRATION_MESSAGES.linkExpired);
  const { account } = link;
  if (account.kind === 'PARTICIPANT' && !(await provenBy(db, account, proof)))
    return refuse(REGISTRATION_MESSAGES.identityRequired);
  if (account.kind === 'PARTICIPANT' && !(await isCodeConfirmed(db, account)))
    return refuse(REGISTRATION_MESSAGES.otpRequired);
  return { account };
}

/**
 * The personal contact of docs/activation.md#participant-steps step 4: refused with the specified message, and with the field it
 * concerns, so the screen can mark it (issue 18: a mobile the schema took but that is no mobile).
 */
function checkContact(email: string | undefined, mobile: string | undefined): void {
  const errors = [
    ...(email ? [] : [{ field: 'emailPersonnel', defaultMessage: 'errors.required' }]),
    ...(mobile === undefined || mobile.trim() === ''
      ? [{ field: 'portablePersonnel', defaultMessage: 'errors.required' }]
      : isValidMobile(mobile)
        ? []
        : [{ field: 'portablePersonnel', defaultMessage: 'errors.portable' }]),
  ];
  if (errors.length > 0)
    throw new FieldErrors(errors, [errorMessage(REGISTRATION_MESSAGES.connectionDataIncorrect)]);
}

/**
 * POST registration/validerDonnesConnexion (docs/activation.md#participant-steps step 4, docs/activation.md#participant-steps): the participant's personal mobile and
 * e-mail, checked and not yet written (confirmation writes the whole form at once).
 */
export async function checkConnectionData(
  deps: RegistrationDeps,
  token: string,
  proof: string | undefined,
  body: { emailPersonnel: string; portablePersonnel: string },
): Promise<RegistrationResult> {
  const opened = await openLink(deps.db, token, proof);
  if ('refused' in opened) return opened.refused;
  if (opened.account.kind !== 'PARTICIPANT')
    return result(false, errorMessage(REGISTRATION_MESSAGES.connectionDataIncorrect));
  checkContact(body.emailPersonnel, body.portablePersonnel);
  return result(true);
}

/** The password and question of the form, or the field errors of docs/activation.md#participant-steps step 5. */
async function checkSecrets(db: DbOrTx, account: LinkAccount, form: Form): Promise<void> {
  const problem = passwordProblem(form.password, [
    account.login,
    account.firstName,
    account.lastName,
    account.email,
    account.recordEmail,
    form.emailPersonnel,
  ]);
  const errors = [
    ...(problem ? [{ field: 'password', defaultMessage: problem }] : []),
    ...((await isActiveQuestion(db, form.questionSecrete))
      ? []
      : [{ field: 'questionSecrete', defaultMessage: 'errors.invalid' }]),
  ];
  if (errors.length > 0)
    throw new FieldErrors(errors, [errorMessage(REGISTRATION_MESSAGES.confidentialDataIncorrect)]);
}

/**
 * POST registration/confirmation (docs/activation.md#participant-steps): checks the whole form again, then in one
 * transaction spends the link (of two confirmations at once, one wins; the other writes nothing),
 * sets the password and the secret question and activates the account. A participant's personal
 * contact becomes the account's, and their medical-record choice is recorded; a correspondant keeps
 * the professional contact.
 */
export async function confirmRegistration(
  deps: RegistrationDeps,
  ctx: RegistrationRequest,
  token: string,
  proof: string | undefined,
  form: Form,
): Promise<RegistrationResult> {
  const { db } = deps;
  const opened = await openLink(db, token, proof);
  if ('refused' in opened) return opened.refused;
  const { account } = opened;
  const participant = account.kind === 'PARTICIPANT';
  if (participant) {
    checkContact(form.emailPersonnel, form.portablePersonnel);
    if (form.accepterDMC === form.refuserDMC)
      return result(false, errorMessage(REGISTRATION_MESSAGES.consentIncomplete));
  }
  await checkSecrets(db, account, form);
  const [passwordHash, answerHash] = await Promise.all([
    hashPassword(form.password),
    hashPassword(normaliseAnswer(form.reponseQuestionSecrete)),
  ]);
  const done = await db.transaction(async (tx) => {
    const spent = await consumeAccountToken(tx, token, ['REGISTRATION']);
    if (!spent || spent.userId !== account.userId) return false;
    await tx
      .update(users)
      .set({
        passwordHash,
        secretQuestionId: form.questionSecrete,
        secretAnswerHash: answerHash,
        active: true,
        lockedAt: null,
        updatedAt: new Date(),
        ...(participant ? { email: form.emailPersonnel, mobile: form.portablePersonnel } : {}),
      })
      .where(eq(users.id, account.userId));
    if (participant && account.participantId !== null) {
      const choice = form.accepterDMC ? 'ACCEPTED' : 'REFUSED';
      await recordMedicalRecordChoice(tx, ctx, account.userId, account.participantId, choice);
    }
    await clearAttempts(tx, attemptKey(participant ? 'P' : 'C', account.login));
    await deps.sessions.userChanged(tx, account.userId);
    await audit(tx, {
      actorUserId: account.userId,
      action: 'REGISTRATION_COMPLETED',
      targetType: 'user',
      targetId: account.userId,
      details: participant
        ? {
            kind: account.kind,
            before: { email: account.email, mobile: account.mobile },
            after: { email: form.emailPersonnel, mobile: form.portablePersonnel },
          }
        : { kind: account.kind },
      ip: ctx.ip,
    });
    return true;
  });
  if (!done) return result(false, errorMessage(REGISTRATION_MESSAGES.linkExpired));
  return result(true, infoMessage(REGISTRATION_MESSAGES.success));
}

/**
 * The online medical-record consent given at registration, written as the consent screens write it
 * (home feature, re-activate-dmc): the participant row, its audit entry, and the sessions' principal
 * reloaded (userChanged, by the caller). The participants trigger evicts the cached list pages.
 */
async function recordMedicalRecordChoice(
  tx: DbOrTx,
  ctx: RegistrationRequest,
  userId: number,
  participantId: number,
  choice: 'ACCEPTED' | 'REFUSED',
): Promise<void> {
  const [current] = await tx
    .select({ dmcStatus: participants.dmcStatus })
    .from(participants)
    .where(eq(participants.id, participantId))
    .for('update');
  if (!current) return;
  await tx
    .update(participants)
    .set({ dmcStatus: choice, updatedAt: new Date() })
    .where(eq(participants.id, participantId));
  await audit(tx, {
    actorUserId: userId,
    action: choice === 'ACCEPTED' ? 'MEDICAL_RECORD_ACCEPTED' : 'MEDICAL_RECORD_REFUSED',
    targetType: 'participant',
    targetId: participantId,
    details: { before: current.dmcStatus, after: choice, at: 'registration' },
    ip: ctx.ip,
  });
}

import { z } from 'zod';
import { secretQuestion } from './account';
import { isoDate } from './participants';

/**
 * Account recovery (docs/recovery.md#forgot-password Forgot password, Forgot identifier, Reset-password link screen; docs/interface-conventions.md#postal-code-lookup; docs/recovery.md#reset-link):
 * the secret question is asked for an e-mail or a mobile and birth date, its answer releases a reset
 * link by mail or the identifier by SMS, and the link sets a new password. Replies never tell whether
 * an account exists: an unknown address gets a question too, and its answers are simply never right.
 */

/** Business message codes of this feature (translated under `messages.` on the web). */
export const RECOVERY_MESSAGES = {
  /** The answer was right: the reset link is on its way (forgot password). */
  resetMailSent: 'recovery.mailEnvoye',
  /** The answer was right: the identifier is on its way by SMS (forgot identifier). */
  loginSmsSent: 'recovery.smsEnvoye',
  /** The answer does not match (or there is no such account: the same reply). */
  wrongAnswer: 'recovery.reponseIncorrecte',
  /** The link is unknown, spent or expired. */
  linkExpired: 'recovery.lienExpire',
  /** The new password is saved (the account is unlocked). */
  passwordSaved: 'recovery.motDePasseEnregistre',
} as const;

const MAIL_MAX = 254;
const PHONE_MAX = 30;
const ANSWER_MAX = 100;
const TOKEN_MAX = 200;

const required = (issue: { input: unknown }) =>
  issue.input === undefined || issue.input === null || issue.input === '' ? 'errors.required' : undefined;
const typeError = (issue: { code?: string; input: unknown }) =>
  issue.code === 'invalid_type' ? (required(issue) ?? 'errors.invalid') : undefined;

const mail = z
  .email({
    error: (issue) =>
      required(issue) ?? (issue.code === 'invalid_format' ? 'errors.email' : typeError(issue)),
  })
  .max(MAIL_MAX);
const answer = z
  .string({ error: typeError })
  .trim()
  .min(1, { error: 'errors.required', abort: true })
  .max(ANSWER_MAX);
const phone = z.string({ error: typeError }).trim().min(1, 'errors.required').max(PHONE_MAX);
/** A birth date: ISO, and not in the future (docs/recovery.md#forgot-password Forgot identifier). */
const birthDate = isoDate.refine(
  (value) => value <= new Date().toISOString().slice(0, 10),
  'errors.dateFuture',
);

/** Query-string boolean of the correspondant checkbox. */
const roleFlag = z.preprocess(
  (value) => (value === 'true' || value === '1' ? true : value === 'false' || value === '0' ? false : value),
  z.boolean({ error: typeError }),
);

/** POST /api/resetPassword/user/mail?email=&roleCorrespondant= (step 1 of Forgot password). */
export const questionByMailQuery = z.object({ email: mail, roleCorrespondant: roleFlag.default(false) });

/** POST /api/resetPassword/user/phone (step 1 of Forgot identifier), JSON body. */
export const questionByPhoneBody = z.object({ portable: phone, dateDeNaissance: birthDate });

/** The question to answer: one of the active secret questions. */
export const recoveryQuestionReply = secretQuestion;

/** POST /api/resetPassword (step 2 of Forgot password). */
export const resetPasswordBody = z.object({
  idQuestion: z.number({ error: typeError }).int().positive().max(2_147_483_647),
  response: answer,
  mail,
  roleCorrespondant: z.boolean({ error: typeError }).default(false),
});

/**
 * POST /api/forgotLogin (step 2 of Forgot identifier). `dateDeNaissance` is our addition to the
 * specification's fields: a mobile alone may be shared by several people (a family's), the birth date
 * of step 1 tells them apart.
 */
export const forgotLoginBody = z.object({
  idQuestion: z.number({ error: typeError }).int().positive().max(2_147_483_647),
  response: answer,
  phone,
  dateDeNaissance: birthDate,
});

/** POST /api/resetPassword/token?token= (the link screen checks its token first): a boolean. */
export const tokenQuery = z.object({
  token: z.string({ error: typeError }).min(1, 'errors.required').max(TOKEN_MAX),
});
export const tokenValidReply = z.boolean();

/** POST /api/savePassword (change mode) and POST /api/reinitpassword (reinit mode). */
export const newPasswordBody = z
  .object({
    token: z.string({ error: typeError }).min(1, 'errors.required').max(TOKEN_MAX),
    password: z.string({ error: typeError }).min(1, 'errors.required').max(200),
    passwordConfirm: z.string({ error: typeError }).min(1, 'errors.required').max(200),
  })
  .refine((body) => body.password === body.passwordConfirm, {
    path: ['passwordConfirm'],
    message: 'errors.missmatch',
  });
export type NewPasswordBody = z.infer<typeof newPasswordBody>;

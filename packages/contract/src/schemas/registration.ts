import { z } from 'zod';
import { isActivationCode, normaliseActivationCode } from '../rules/activation-code';
import { ciemException } from './common';
import { isoDate } from './participants';

/**
 * Registration by link (docs/activation.md#participant-steps Registration by link, docs/activation.md#participant-steps Registration form, docs/activation.md#link-states, docs/activation.md#participant-steps, docs/activation.md#code-by-text). Every call
 * carries the link's token as the `token` query parameter. A participant first proves who they are
 * (birth date and the activation code the centre gave them, issue 17), then confirms a code sent by SMS
 * to the mobile the centre holds, then gives a personal mobile and e-mail, a password and a secret
 * question, and answers the medical-record consent; a correspondant confirms their professional
 * contact and sets a password and a secret question. The account becomes active at confirmation.
 */

/** Business message codes of this feature (translated under `messages.` on the web). */
export const REGISTRATION_MESSAGES = {
  /** No code could be sent: no mobile on file, or the SMS failed (docs/activation.md#participant-steps). */
  otpError: 'registration.otpError',
  /** The code is right. */
  otpConfirmed: 'registration.otpConfirme',
  /** The code has expired or was never sent: ask for a new one. */
  otpExpired: 'registration.otpExpire',
  /** Step 4 refused (docs/activation.md#participant-steps "data-connection incorrect"). */
  connectionDataIncorrect: 'registration.donneesConnexionIncorrectes',
  /** Step 5 refused (docs/activation.md#participant-steps "confidential data incorrect"). */
  confidentialDataIncorrect: 'registration.donneesConfidentiellesIncorrectes',
  /** Step 6 refused: exactly one of accept and refuse (docs/activation.md#participant-steps "consent incomplete"). */
  consentIncomplete: 'registration.consentementIncomplet',
  /** The code must be confirmed first (a participant's later steps). */
  otpRequired: 'registration.codeNonConfirme',
  /** The link is unknown, spent or expired. */
  linkExpired: 'registration.lienExpire',
  /** Birth date and activation code right: the text-message code follows. */
  identityConfirmed: 'registration.identiteConfirmee',
  /** Birth date or activation code wrong: one message, which does not say which (issue 17). */
  identityIncorrect: 'registration.identiteIncorrecte',
  /** The birth date and code match but the centre's code has expired: ask the centre for another. */
  activationCodeExpired: 'registration.codeActivationExpire',
  /**
   * The birth date and code match, but the code was used already (by this participant in another
   * browser, or a browser that has lost its proof): ask the centre for another.
   */
  activationCodeUsed: 'registration.codeActivationUtilise',
  /**
   * A participant's later steps need the proof of identity first, given to this browser (a call
   * without the proof header, or with a wrong or lapsed one, is refused with this message).
   */
  identityRequired: 'registration.identiteNonConfirmee',
  /** The account is active: sign in (docs/activation.md#participant-steps "registration success"). */
  success: 'registration.succes',
} as const;

const TOKEN_MAX = 200;
const MAIL_MAX = 254;
const PHONE_MAX = 30;
export const REGISTRATION_ANSWER_MIN = 2;
export const REGISTRATION_ANSWER_MAX = 100;
/** A participant asks for a new code at most this often. */
export const REGISTRATION_OTP_RESEND_S = 60;

const required = (issue: { input: unknown }) =>
  issue.input === undefined || issue.input === null || issue.input === '' ? 'errors.required' : undefined;
const typeError = (issue: { code?: string; input: unknown }) =>
  issue.code === 'invalid_type' ? (required(issue) ?? 'errors.invalid') : undefined;

/**
 * The header carrying the proof of identity of a participant's browser: the secret that
 * registration/identite answered to that browser (`preuve`). Every later registration call of the
 * participant sends it; without it, or with a wrong or lapsed one, the link reads as one whose
 * identity has not been checked. Passing the check again (a new code from the centre) replaces it.
 */
export const REGISTRATION_PROOF_HEADER = 'x-registration-proof';

/**
 * Headers of the registration calls: the proof, when the browser holds one. Never refused (a
 * malformed one reads as none); the other headers pass through untouched.
 */
export const registrationProofHeaders = z.looseObject({
  [REGISTRATION_PROOF_HEADER]: z.string().max(200).optional().catch(undefined),
});

/** `?token=` of every registration call. */
export const registrationTokenQuery = z.object({
  token: z.string({ error: typeError }).min(1, 'errors.required').max(TOKEN_MAX),
});

/**
 * POST registration/token: the link's state and what the steps show. Exactly one of `ok`, `notFound`,
 * `foundButExpired` is true. Contact values are masked for display (mobile: last two digits).
 * `messages` holds the i18n keys of the presentation and terms-of-use texts, which the web shows in
 * the account's language.
 */
export const registrationState = z.object({
  ok: z.boolean(),
  notFound: z.boolean(),
  foundButExpired: z.boolean(),
  compteParticipant: z.boolean(),
  anglaisUniquement: z.boolean(),
  /**
   * The sign-in identifier the account will use (shown on the security step), empty unless `ok`; for
   * a participant, empty until they have proved who they are (whoever holds the link does not learn it).
   */
  identifiant: z.string(),
  /** The centre's record of the contact: the professional ones for a correspondant. Masked mobile. */
  emailProfessionnel: z.string().nullable(),
  portableProfessionnel: z.string().nullable(),
  /** A participant has already given their birth date and activation code (a reload skips them). */
  identiteConfirmee: z.boolean(),
  /** A participant has already confirmed the SMS code of this link (a reload resumes at step 2). */
  codeConfirme: z.boolean(),
  messages: z.object({
    presentationParticipant: z.string(),
    cgguparticipant: z.string(),
    presentationCorrespondant: z.string(),
  }),
});
export type RegistrationState = z.infer<typeof registrationState>;

/**
 * POST registration/identite (participant step 1, first part; issue 17): the birth date and the
 * activation code the centre issued (`npm run invite`), typed with or without dash and in any case.
 */
export const identityBody = z.object({
  dateNaissance: isoDate,
  codeActivation: z
    .string({ error: typeError })
    .max(20)
    .transform(normaliseActivationCode)
    .refine((code) => code !== '', 'errors.required')
    .refine((code) => code === '' || isActivationCode(code), 'registration.identite.codeFormat'),
});
export type IdentityBody = z.input<typeof identityBody>;

/** POST registration/otp: the masked mobile the code was sent to, as text; empty when none was sent. */
export const otpSentReply = z.string();

/** PUT registration/otp: the code typed. */
export const otpCheckBody = z.object({
  code: z.string({ error: typeError }).trim().min(1, 'errors.required').max(12),
});

/**
 * PUT registration/otp, validerDonnesConnexion, confirmation: `ok` and the business messages
 * (`tentative.1`, `tentative.2` as WARN; `tentative.3` as ERROR ends the attempt, docs/activation.md#participant-steps).
 */
export const registrationResult = z.object({ ok: z.boolean(), exception: ciemException });
export type RegistrationResult = z.infer<typeof registrationResult>;

/**
 * POST registration/identite: `ok` and the messages, and when `ok` the proof of identity (256 random
 * bits, base64url) this browser sends back in the `x-registration-proof` header of every later call.
 */
export const identityResult = registrationResult.extend({ preuve: z.string().optional() });
export type IdentityResult = z.infer<typeof identityResult>;

const mail = z
  .email({
    error: (issue) =>
      required(issue) ?? (issue.code === 'invalid_format' ? 'errors.email' : typeError(issue)),
  })
  .max(MAIL_MAX);
const phone = z.string({ error: typeError }).trim().min(1, 'errors.required').max(PHONE_MAX);

/** POST registration/validerDonnesConnexion (participant step 4): the personal contact. */
export const connectionDataBody = z.object({ emailPersonnel: mail, portablePersonnel: phone });

/**
 * POST registration/confirmation: the whole form (docs/activation.md#participant-steps Registration form). A correspondant sends no
 * personal contact and no consent: the centre's professional contact stays.
 */
export const registrationForm = z
  .object({
    emailPersonnel: mail.optional(),
    portablePersonnel: phone.optional(),
    password: z.string({ error: typeError }).min(1, 'errors.required').max(200),
    confirmPassword: z.string({ error: typeError }).min(1, 'errors.required').max(200),
    questionSecrete: z.number({ error: typeError }).int().positive().max(2_147_483_647),
    reponseQuestionSecrete: z
      .string({ error: typeError })
      .trim()
      .min(1, { error: 'errors.required', abort: true })
      .min(REGISTRATION_ANSWER_MIN)
      .max(REGISTRATION_ANSWER_MAX),
    accepterDMC: z.boolean({ error: typeError }).default(false),
    refuserDMC: z.boolean({ error: typeError }).default(false),
  })
  .refine((form) => form.password === form.confirmPassword, {
    path: ['confirmPassword'],
    message: 'errors.missmatch',
  });
export type RegistrationForm = z.input<typeof registrationForm>;

/** POST registration/resend: whether a new link was mailed. */
export const resendReply = z.boolean();

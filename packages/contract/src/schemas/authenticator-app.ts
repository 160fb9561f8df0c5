import { z } from 'zod';
import { ciemException } from './common';
import { currentPassword } from './contact-change';

/**
 * The authenticator app (TOTP, RFC 6238: SHA-1, six digits, 30-second steps) and its ten recovery
 * codes (docs/second-factors.md#authenticator-app): enrolment and removal in the "Sécurité" tab, the
 * codes at the sign-in's second step.
 */

/** An app code: six digits, which apps often show as two groups of three. */
export const APP_CODE_LENGTH = 6;

/**
 * Recovery codes are drawn from an alphabet without the characters one mistakes for others (0, O, 1,
 * I, L): 31 symbols, ten per code (49 bits), shown as two groups of five (`ABCDE-FGHJK`).
 */
export const RECOVERY_CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
export const RECOVERY_CODE_LENGTH = 10;
export const RECOVERY_CODE_COUNT = 10;

/** A recovery code as stored and compared: upper case, without spaces or dashes. */
export const normaliseRecoveryCode = (code: string) => code.toUpperCase().replace(/[\s-]/g, '');

/** The field error keys of the two code fields (translated under their own namespace on the web). */
export const APP_CODE_FORMAT = 'secondFactor.app.error.format';
export const RECOVERY_CODE_FORMAT = 'secondFactor.recovery.error.format';

/** Six digits, with one optional space in the middle; anything else is a format error (no try spent). */
export const appCode = z
  .string({ error: () => APP_CODE_FORMAT })
  .trim()
  .regex(/^\d{3} ?\d{3}$/, APP_CODE_FORMAT);

/**
 * Ten characters of the recovery alphabet, in either case, with spaces or dashes anywhere (the way it
 * was printed or copied); anything else is a format error (no try spent).
 */
export const recoveryCode = z
  .string({ error: () => RECOVERY_CODE_FORMAT })
  .max(40, RECOVERY_CODE_FORMAT)
  .regex(/^[\s-]*(?:[2-9A-HJKMNP-Za-hjkmnp-z][\s-]*){10}$/, RECOVERY_CODE_FORMAT);

/** Business message codes (translated under `messages.` on the web). */
export const AUTHENTICATOR_APP_MESSAGES = {
  /** An app is already enrolled: remove it before adding another. */
  alreadyEnrolled: 'facteurs.application.dejaAjoutee',
  /** No enrolment was started (or it was dropped): start again. */
  noPending: 'facteurs.application.aucuneEnCours',
  /** The code does not match the app being added; args: tries left. */
  wrongCode: 'facteurs.application.codeErrone',
  /** Three wrong codes: the secret shown is dropped, the enrolment starts again. */
  restart: 'facteurs.application.recommencer',
  added: 'facteurs.application.ajoutee',
  removed: 'facteurs.application.retiree',
  /** No app is enrolled (removal, renewing the recovery codes). */
  notEnrolled: 'facteurs.application.absente',
  /** Ten new recovery codes; the former ones no longer work. */
  recoveryRenewed: 'facteurs.secours.renouveles',
  /** A recovery code passed the second step; args: codes left. */
  recoveryLeft: 'facteurs.secours.restants',
} as const;

/** The field the enrolment's code is checked in. */
export const APP_CODE_FIELD = 'code';

/**
 * POST /user/facteurs/application/options: the current password (not asked of a session that may enrol
 * before its second step: a correspondant the centre requires a factor of, with no way through yet).
 */
export const appOptionsRequest = z.object({ motDePasse: currentPassword.optional() });

/**
 * The new secret, in base32 (for typing: the web shows it in groups of four), the otpauth:// URI an
 * app reads, and that URI as a QR code (an SVG `data:` URL drawn by the server).
 */
export const appOptionsReply = z.object({
  secret: z.string(),
  uri: z.string(),
  qr: z.string(),
});
export type AppOptionsReply = z.infer<typeof appOptionsReply>;

/** POST /user/facteurs/application: the first code of the app, which confirms it. */
export const appConfirmRequest = z.object({ code: appCode });

/** The ten recovery codes, shown once (enrolment, renewal). */
export const recoveryCodesReply = z.object({
  codesSecours: z.array(z.string()).length(RECOVERY_CODE_COUNT),
  ciemException,
});
export type RecoveryCodesReply = z.infer<typeof recoveryCodesReply>;

/** POST /user/facteurs/application/suppression and /user/facteurs/secours: the current password. */
export const passwordOnlyRequest = z.object({ motDePasse: currentPassword });

/** Second step: an app code, or a recovery code. */
export const appStepRequest = z.object({ code: appCode });
export const recoveryStepRequest = z.object({ code: recoveryCode });

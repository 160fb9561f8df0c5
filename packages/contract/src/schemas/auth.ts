import { z } from 'zod';
import { CONFIRMATION_CODE_LENGTH } from '../constants';
import { ROLES } from '../roles';
import { ciemException } from './common';

/**
 * POST /api/oauth/token, form-encoded, with client basic authentication.
 * The username carries the role flag: see rules/username.ts.
 */
export const passwordGrant = z.object({
  grant_type: z.literal('password'),
  username: z.string().min(1).max(300),
  password: z.string().min(1).max(200),
});
export const refreshGrant = z.object({
  grant_type: z.literal('refresh_token'),
  refresh_token: z.string().min(1).max(200),
});
export const tokenRequest = z.discriminatedUnion('grant_type', [passwordGrant, refreshGrant]);
export type TokenRequest = z.infer<typeof tokenRequest>;

export const tokenReply = z.object({
  access_token: z.string(),
  refresh_token: z.string(),
  token_type: z.literal('bearer'),
  /** Seconds until the access token expires. */
  expires_in: z.number().int(),
  /** The mobile number the code was sent to, masked (participants only; empty otherwise). */
  tel: z.string(),
  /** True while the session waits for the text-message code. */
  confirmationRequise: z.boolean(),
});
export type TokenReply = z.infer<typeof tokenReply>;

/**
 * OAuth error (docs/sign-in-and-sessions.md#login-messages): `error_description` is `tentative.1`, `tentative.2`, `tentative.3`,
 * `user.locked`, or absent for other invalid grants. `temporarily_unavailable` comes with a
 * `Retry-After` header: 429 `login.throttled` (too many sign-ins from one address) or
 * `login.tooManyTexts` (too many codes texted to the account), 503 `login.busy` (hashing queue full).
 */
export const oauthError = z.object({
  error: z.enum([
    'invalid_grant',
    'invalid_client',
    'invalid_request',
    'unsupported_grant_type',
    'temporarily_unavailable',
  ]),
  error_description: z.string().optional(),
});
export type OauthError = z.infer<typeof oauthError>;

export const authority = z.object({ authority: z.enum(ROLES) });

export const principalRequest = z.object({ roleCorrespondant: z.boolean().optional() });

/** The session user (docs/sign-in-and-sessions.md#principal). */
export const sessionUser = z.object({
  id: z.number().int(),
  username: z.string(),
  name: z.string(),
  nomComplet: z.string(),
  /** Technical id: the participant's or correspondant's own id, null for staff. */
  idTechnique: z.number().int().nullable(),
  tel: z.string().nullable(),
  mail: z.string().nullable(),
  actif: z.boolean(),
  salarie: z.boolean(),
  dmcAccepte: z.boolean(),
  /** The participant refused the online medical record (as opposed to not having decided). */
  dmcRefuse: z.boolean(),
  correspondantEtablissement: z.boolean(),
  correspondantEntreprise: z.boolean(),
  correspondantGroupement: z.boolean(),
  anglaisUniquement: z.boolean(),
  authorities: z.array(authority),
  /** False while a participant has not confirmed the text-message code. */
  doubleAuthentificationConfirmee: z.boolean(),
  premiereConnexion: z.boolean(),
  /** The sign-in before this one (ISO date-time), null on the first connection. */
  derniereConnexion: z.string().nullable(),
  canShowListeCorrespondant: z.boolean(),
});
export type SessionUser = z.infer<typeof sessionUser>;

/**
 * The principal of a session whose text-message code is not confirmed yet: nothing personal beyond
 * the masked number the code went to, and the language the code screen is shown in.
 */
export const pendingSessionUser = z.object({
  doubleAuthentificationConfirmee: z.literal(false),
  /** Masked, as in the token reply. */
  tel: z.string(),
  anglaisUniquement: z.boolean(),
});
export type PendingSessionUser = z.infer<typeof pendingSessionUser>;

/** POST /oauth/principal: the full session user once the code is confirmed (or not required). */
export const principalReply = z.union([sessionUser, pendingSessionUser]);
export type PrincipalReply = z.infer<typeof principalReply>;

/** A text-message code is six digits; anything else is a format error and spends no try. */
export const signInCode = z
  .string()
  .trim()
  .regex(new RegExp(`^\\d{${CONFIRMATION_CODE_LENGTH}}$`), 'authConfirm.error.format');

export const confirmCodeRequest = z.object({ code: signInCode });
export const confirmCodeReply = z.object({ ok: z.boolean(), ciemException });
export type ConfirmCodeReply = z.infer<typeof confirmCodeReply>;

export const resendCodeReply = z.object({ ok: z.boolean(), tel: z.string(), ciemException });

export const changePasswordRequest = z.object({
  id: z.number().int().optional(),
  ancienMotDePasse: z.string().min(1).max(200),
  motDePasse: z.string().min(1).max(200),
});

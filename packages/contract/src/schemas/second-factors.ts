import { z } from 'zod';
import { ciemException } from './common';
import { currentPassword } from './contact-change';

/**
 * Second factors (issue 24, docs/second-factors.md): passkeys (WebAuthn), an authenticator app (TOTP,
 * RFC 6238) with its ten recovery codes, and the specification's text-message code. Shared by the
 * sign-in's second step and the "Sécurité" tab of "Mes coordonnées".
 */

/**
 * The ways through a sign-in's second step, strongest first: a passkey (`cle`), an authenticator app
 * code (`application`), a recovery code (`secours`), a text-message code (`sms`).
 */
export const SECOND_STEP_METHODS = ['cle', 'application', 'secours', 'sms'] as const;
export const secondStepMethod = z.enum(SECOND_STEP_METHODS);
export type SecondStepMethod = z.infer<typeof secondStepMethod>;

/** Business message codes (translated under `messages.` on the web). */
export const SECOND_FACTOR_MESSAGES = {
  /** The text-message code is off for this account now; args: none. */
  smsOff: 'facteurs.sms.desactive',
  smsOn: 'facteurs.sms.active',
  /** The code by text message cannot go off without a passkey or an app to sign in with. */
  smsNeedsStrong: 'facteurs.sms.facteurRequis',
  /** No mobile on file: the text-message code cannot be turned on. */
  smsNoMobile: 'facteurs.sms.aucunMobile',
  /** The method is not one this account may use at this step (not enrolled, turned off). */
  methodUnavailable: 'facteurs.methodeIndisponible',
  /** The last factor cannot go while the centre requires one and no mobile is on file. */
  lastRequired: 'facteurs.dernierRequis',
} as const;

/**
 * GET /oauth/doubleAuthentification/methodes: what the second step of this session may use, for the
 * code screen. `tel` is the masked mobile when a text-message code may be sent (empty otherwise);
 * `smsEnvoye` says one went out with the password step; `enrolementRequis` says the account has no way
 * through at all (a correspondant the centre requires a factor of, with none and no mobile): they
 * enrol a passkey or an app first.
 */
export const secondStepMethodsReply = z.object({
  methodes: z.array(secondStepMethod),
  tel: z.string(),
  smsEnvoye: z.boolean(),
  enrolementRequis: z.boolean(),
  /**
   * The centre requires a factor of this account and it holds no passkey or app (it passes by text
   * message meanwhile): once in, the holder is led to add one.
   */
  facteurDemande: z.boolean(),
});
export type SecondStepMethodsReply = z.infer<typeof secondStepMethodsReply>;

/** GET /user/facteurs: the factors of the signed-in account, for the "Sécurité" tab. */
export const factorsReply = z.object({
  /** The centre requires a second factor of this account (correspondants, by CORRESPONDANT_SECOND_FACTOR). */
  exige: z.boolean(),
  cles: z.array(
    z.object({
      id: z.number().int(),
      nom: z.string(),
      creeLe: z.string(),
      derniereUtilisation: z.string().nullable(),
      /** A synced passkey (in a password manager or a platform account) rather than one device's. */
      synchronisee: z.boolean(),
    }),
  ),
  application: z
    .object({
      creeLe: z.string(),
      derniereUtilisation: z.string().nullable(),
      /** Recovery codes not used yet. */
      codesSecoursRestants: z.number().int(),
    })
    .nullable(),
  sms: z.object({
    /** The masked mobile on file, empty when there is none. */
    tel: z.string(),
    /** The code by text message is offered at sign-in. */
    actif: z.boolean(),
    /** The holder may turn it off (a passkey or an app is enrolled) or on (a mobile is on file). */
    modifiable: z.boolean(),
  }),
});
export type FactorsReply = z.infer<typeof factorsReply>;

/** PUT /user/facteurs/sms: the text-message code on or off, with the current password. */
export const smsFactorRequest = z.object({ actif: z.boolean(), motDePasse: currentPassword });
export const smsFactorReply = z.object({ actif: z.boolean(), ciemException });

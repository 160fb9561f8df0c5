import { z } from 'zod';
import { ciemException } from './common';
import { currentPassword } from './contact-change';

/**
 * Passkeys (WebAuthn, docs/second-factors.md#passkeys): enrolment from the "Sécurité" tab, the sign-in's
 * second step, and sign-in without a password. The options the server sends and the answers the browser
 * returns are WebAuthn's JSON forms (https://w3c.github.io/webauthn/#sctn-parseCreationOptionsFromJSON),
 * declared field by field: the server's reply serializer writes only the fields named here, and a
 * request is refused before any verification when it does not have their shape.
 */

/** Business message codes (translated under `messages.` on the web). */
export const PASSKEY_MESSAGES = {
  /** A passkey was added; args: its name. */
  added: 'facteurs.cles.ajoutee',
  renamed: 'facteurs.cles.renommee',
  removed: 'facteurs.cles.supprimee',
  /** The last passkey or app went: the sign-in code comes by text message again. */
  smsBackOn: 'facteurs.cles.smsRetabli',
  /** No passkey of the caller's has that id (removed meanwhile, or never theirs). */
  notFound: 'facteurs.cles.introuvable',
  /** The enrolment's answer did not verify, or its challenge expired or was used. */
  refused: 'facteurs.cles.refusee',
  /** This authenticator already holds a passkey of some account here. */
  alreadyRegistered: 'facteurs.cles.dejaEnregistree',
  /** The passkey was not accepted at sign-in (one answer for every reason). */
  signInRefused: 'cle.refusee',
} as const;

/** A passkey's name as the holder labels it: 1 to 60 characters once trimmed. */
export const PASSKEY_NAME_MAX = 60;
export const passkeyName = z
  .string({ error: (issue) => (issue.input === undefined ? 'errors.required' : 'errors.invalid') })
  .trim()
  .min(1, 'errors.required')
  .max(PASSKEY_NAME_MAX, { error: 'errors.maxlength' });

/** base64url without padding, as WebAuthn's JSON forms write binary values. */
const base64url = (max: number) =>
  z
    .string()
    .max(max)
    .regex(/^[A-Za-z0-9_-]*$/, 'errors.invalid');

/** A challenge id (`defi`): what the options call gave, 22 base64url characters (16 random bytes). */
export const challengeId = z
  .string({ error: 'errors.required' })
  .regex(/^[A-Za-z0-9_-]{22}$/, 'errors.invalid');

export const AUTHENTICATOR_TRANSPORTS = [
  'ble',
  'cable',
  'hybrid',
  'internal',
  'nfc',
  'smart-card',
  'usb',
] as const;
/** A transport the browser names; ones this list does not know yet are accepted and not kept. */
const transport = z.string().max(32);

const credentialDescriptor = z.object({
  id: base64url(1400),
  type: z.literal('public-key'),
  transports: z.array(z.enum(AUTHENTICATOR_TRANSPORTS)).optional(),
});

const userVerification = z.enum(['required', 'preferred', 'discouraged']);
const hint = z.enum(['hybrid', 'security-key', 'client-device']);

/** PublicKeyCredentialCreationOptionsJSON, for `startRegistration({ optionsJSON })`. */
export const creationOptions = z.object({
  rp: z.object({ name: z.string(), id: z.string().optional() }),
  user: z.object({ id: z.string(), name: z.string(), displayName: z.string() }),
  challenge: z.string(),
  pubKeyCredParams: z.array(z.object({ alg: z.number().int(), type: z.literal('public-key') })),
  timeout: z.number().int().optional(),
  excludeCredentials: z.array(credentialDescriptor).optional(),
  authenticatorSelection: z
    .object({
      authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
      residentKey: z.enum(['required', 'preferred', 'discouraged']).optional(),
      requireResidentKey: z.boolean().optional(),
      userVerification: userVerification.optional(),
    })
    .optional(),
  hints: z.array(hint).optional(),
  attestation: z.enum(['none', 'indirect', 'direct', 'enterprise']).optional(),
  extensions: z.object({ credProps: z.boolean().optional() }).optional(),
});
export type CreationOptions = z.infer<typeof creationOptions>;

/** PublicKeyCredentialRequestOptionsJSON, for `startAuthentication({ optionsJSON })`. */
export const requestOptions = z.object({
  challenge: z.string(),
  timeout: z.number().int().optional(),
  rpId: z.string().optional(),
  allowCredentials: z.array(credentialDescriptor).optional(),
  userVerification: userVerification.optional(),
  hints: z.array(hint).optional(),
});
export type RequestOptions = z.infer<typeof requestOptions>;

/** The client extensions' results; only `credProps` is read, others are dropped. */
const clientExtensionResults = z.object({
  credProps: z.object({ rk: z.boolean().optional() }).optional(),
});

const attachment = z.enum(['platform', 'cross-platform']);

/** RegistrationResponseJSON, what `startRegistration` returns. */
export const registrationResponse = z.object({
  id: base64url(1400),
  rawId: base64url(1400),
  type: z.literal('public-key'),
  response: z.object({
    clientDataJSON: base64url(4096),
    attestationObject: base64url(32_768),
    authenticatorData: base64url(16_384).optional(),
    transports: z.array(transport).max(16).optional(),
    publicKeyAlgorithm: z.number().int().optional(),
    publicKey: base64url(4096).optional(),
  }),
  authenticatorAttachment: attachment.optional(),
  clientExtensionResults,
});
export type RegistrationResponse = z.infer<typeof registrationResponse>;

/** AuthenticationResponseJSON, what `startAuthentication` returns. */
export const authenticationResponse = z.object({
  id: base64url(1400),
  rawId: base64url(1400),
  type: z.literal('public-key'),
  response: z.object({
    clientDataJSON: base64url(4096),
    authenticatorData: base64url(16_384),
    signature: base64url(2048),
    userHandle: base64url(128).optional(),
  }),
  authenticatorAttachment: attachment.optional(),
  clientExtensionResults,
});
export type AuthenticationResponse = z.infer<typeof authenticationResponse>;

/** The options of one ceremony and the id of its challenge, to send back with the answer. */
export const registrationOptionsReply = z.object({ defi: z.string(), options: creationOptions });
export type RegistrationOptionsReply = z.infer<typeof registrationOptionsReply>;
export const authenticationOptionsReply = z.object({ defi: z.string(), options: requestOptions });
export type AuthenticationOptionsReply = z.infer<typeof authenticationOptionsReply>;

/**
 * POST /user/facteurs/cles/options: the current password, except for a session that may enrol before
 * its second step (docs/second-factors.md#policy), which has none to give.
 */
export const passkeyOptionsRequest = z.object({ motDePasse: currentPassword.optional() });

/** POST /user/facteurs/cles: the name, the challenge's id and the browser's answer. */
export const passkeyEnrolRequest = z.object({
  defi: challengeId,
  nom: passkeyName,
  reponse: registrationResponse,
});

export const passkeyRenameRequest = z.object({ nom: passkeyName });
export const passkeyRemoveRequest = z.object({ motDePasse: currentPassword });
export const passkeyParam = z.object({
  id: z.coerce.number({ error: 'errors.invalid' }).int('errors.invalid').min(1).max(2_147_483_647),
});

/** The second step's and the sign-in's answer: the challenge's id and the browser's assertion. */
export const passkeyAssertionRequest = z.object({ defi: challengeId, reponse: authenticationResponse });
export type PasskeyAssertionRequest = z.infer<typeof passkeyAssertionRequest>;

/** A passkey's change: the messages, and its id when one was added. */
export const passkeyChangeReply = z.object({ id: z.number().int().optional(), ciemException });
export type PasskeyChangeReply = z.infer<typeof passkeyChangeReply>;

import { passkeyApi } from '@portail/contract/api/passkeys';
import type { ConfirmCodeReply } from '@portail/contract/schemas/auth';
import { confirmCodeReply } from '@portail/contract/schemas/auth';
import type { Message } from '@portail/contract/schemas/common';
import type {
  AuthenticationResponse,
  CreationOptions,
  RegistrationResponse,
  RequestOptions,
} from '@portail/contract/schemas/passkeys';
import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from '@simplewebauthn/browser';
import { call } from '../../../lib/api';
import { isApiError } from '../../../lib/api-error';
import { BUSINESS_WRITE, outcomeOf } from '../../../lib/outcome';

/**
 * The calls of passkeys (docs/second-factors.md#passkeys) and what passes between them and the
 * browser's WebAuthn (@simplewebauthn/browser): the server's options as the library reads them, the
 * browser's answers as the contract sends them.
 */

/** The contract's creation options are WebAuthn's JSON form: the library's type, field for field. */
export const creationOptionsJSON = (options: CreationOptions): PublicKeyCredentialCreationOptionsJSON =>
  options;
export const requestOptionsJSON = (options: RequestOptions): PublicKeyCredentialRequestOptionsJSON => options;

/** The browser's answer as the contract takes it: only the fields it names (the server verifies them). */
export function registrationAnswer(answer: RegistrationResponseJSON): RegistrationResponse {
  const { response } = answer;
  return {
    id: answer.id,
    rawId: answer.rawId,
    type: 'public-key',
    response: {
      clientDataJSON: response.clientDataJSON,
      attestationObject: response.attestationObject,
      ...(response.authenticatorData ? { authenticatorData: response.authenticatorData } : {}),
      ...(response.transports ? { transports: [...response.transports] } : {}),
      ...(response.publicKeyAlgorithm === undefined
        ? {}
        : { publicKeyAlgorithm: response.publicKeyAlgorithm }),
      ...(response.publicKey ? { publicKey: response.publicKey } : {}),
    },
    ...(answer.authenticatorAttachment ? { authenticatorAttachment: answer.authenticatorAttachment } : {}),
    clientExtensionResults: answer.clientExtensionResults.credProps
      ? {
          credProps: {
            ...(answer.clientExtensionResults.credProps.rk === undefined
              ? {}
              : { rk: answer.clientExtensionResults.credProps.rk }),
          },
        }
      : {},
  };
}

export function assertionAnswer(answer: AuthenticationResponseJSON): AuthenticationResponse {
  const { response } = answer;
  return {
    id: answer.id,
    rawId: answer.rawId,
    type: 'public-key',
    response: {
      clientDataJSON: response.clientDataJSON,
      authenticatorData: response.authenticatorData,
      signature: response.signature,
      ...(response.userHandle ? { userHandle: response.userHandle } : {}),
    },
    ...(answer.authenticatorAttachment ? { authenticatorAttachment: answer.authenticatorAttachment } : {}),
    clientExtensionResults: {},
  };
}

/** `POST user/facteurs/cles/options`: the creation options, behind the current password. */
export function passkeyEnrolmentOptions(motDePasse: string | undefined) {
  return outcomeOf(
    call(passkeyApi.enrolOptions, {
      body: motDePasse === undefined ? {} : { motDePasse },
      handle: [400, 403],
    }),
    { refusals: [403] },
  );
}

/** `POST user/facteurs/cles`: the new passkey, from the browser's answer. */
export function enrolPasskey(defi: string, nom: string, reponse: RegistrationResponse) {
  return outcomeOf(call(passkeyApi.enrol, { body: { defi, nom, reponse }, handle: [400, 403, 409] }), {
    ...BUSINESS_WRITE,
    refusals: [400, 403, 409],
  });
}

/** `PUT user/facteurs/cles/{id}`: a new name. */
export function renamePasskey(id: number, nom: string) {
  return outcomeOf(call(passkeyApi.rename, { params: { id }, body: { nom }, handle: [400, 404] }), {
    ...BUSINESS_WRITE,
    refusals: [404],
  });
}

/** `POST user/facteurs/cles/{id}/suppression`: removes a passkey, behind the current password. */
export function removePasskey(id: number, motDePasse: string) {
  return outcomeOf(
    call(passkeyApi.remove, { params: { id }, body: { motDePasse }, handle: [400, 403, 404, 409] }),
    { ...BUSINESS_WRITE, refusals: [403, 404, 409] },
  );
}

/** A reply the second step's screen reads, made of a failed call (as the code's confirmation does). */
export function replyOfFailure(error: unknown): ConfirmCodeReply | null {
  if (!isApiError(error)) return null;
  const reply = confirmCodeReply.safeParse(error.body);
  if (reply.success) return reply.data;
  const body = error.body;
  const messages: Message[] =
    typeof body === 'object' && body !== null && 'ciemException' in body
      ? (confirmCodeReply.shape.ciemException.safeParse(body.ciemException).data?.messages ?? [])
      : [];
  return {
    ok: false,
    ciemException: {
      messages: messages.length > 0 ? messages : [{ level: 'WARN', errorCode: 'facteurs.cles.echec' }],
    },
  };
}

/** `POST oauth/doubleAuthentification/cle/options`: the request options naming the account's passkeys. */
export async function secondStepOptions() {
  return call(passkeyApi.secondStepOptions, { handle: [409] });
}

/** `POST oauth/doubleAuthentification/cle`: the second step's answer; a refusal is a reply too. */
export async function sendSecondStep(
  defi: string,
  reponse: AuthenticationResponse,
): Promise<ConfirmCodeReply> {
  try {
    return await call(passkeyApi.secondStep, { body: { defi, reponse }, handle: [400, 409] });
  } catch (error) {
    const reply = replyOfFailure(error);
    if (reply) return reply;
    throw error;
  }
}

/** `POST oauth/cle/options`: request options for a discoverable passkey (no identifier). */
export function signInOptions() {
  return call(passkeyApi.signInOptions, { auth: false, handle: 'all' });
}

/** `POST oauth/cle`: the tokens of a sign-in with a passkey alone; failures are the sign-in page's. */
export function passkeyTokens(defi: string, reponse: AuthenticationResponse) {
  return call(passkeyApi.signIn, { auth: false, body: { defi, reponse }, handle: 'all' });
}

/** How a browser ceremony ended without an answer: the person cancelled (or let it time out), the
 * authenticator already holds one of the account's passkeys, or anything else. */
export type CeremonyFailure = 'cancelled' | 'alreadyRegistered' | 'failed';

export function ceremonyFailure(error: unknown): CeremonyFailure {
  const name = error instanceof Error ? error.name : '';
  if (name === 'NotAllowedError' || name === 'AbortError') return 'cancelled';
  if (name === 'InvalidStateError') return 'alreadyRegistered';
  return 'failed';
}

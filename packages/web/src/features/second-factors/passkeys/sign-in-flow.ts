import type { SessionUser } from '@portail/contract/schemas/auth';
import { startAuthentication } from '@simplewebauthn/browser';
import { signInWithTokens } from '../../../lib/session';
import {
  assertionAnswer,
  ceremonyFailure,
  passkeyTokens,
  requestOptionsJSON,
  signInOptions,
} from './passkeys-api';

/** How a sign-in with a passkey ended: signed in, the ceremony left without an answer, or a failed call. */
export type PasskeySignInResult =
  | { kind: 'signedIn'; user: SessionUser }
  | { kind: 'ceremony'; failure: 'cancelled' | 'alreadyRegistered' | 'failed' }
  | { kind: 'error'; error: unknown };

/**
 * Sign-in with a passkey alone (docs/second-factors.md#passkeys): options for a
 * discoverable passkey, the browser's ceremony, then the tokens, kept as after a password sign-in.
 * Loaded when the button is pressed: the sign-in page stays light.
 */
export async function signInWithPasskey(): Promise<PasskeySignInResult> {
  let options: Awaited<ReturnType<typeof signInOptions>>;
  try {
    options = await signInOptions();
  } catch (error) {
    return { kind: 'error', error };
  }
  let answer: Awaited<ReturnType<typeof startAuthentication>>;
  try {
    answer = await startAuthentication({ optionsJSON: requestOptionsJSON(options.options) });
  } catch (error) {
    return { kind: 'ceremony', failure: ceremonyFailure(error) };
  }
  try {
    const tokens = await passkeyTokens(options.defi, assertionAnswer(answer));
    return { kind: 'signedIn', user: await signInWithTokens(tokens) };
  } catch (error) {
    return { kind: 'error', error };
  }
}

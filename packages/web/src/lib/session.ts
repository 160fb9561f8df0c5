import { hasAnyRole, type Role } from '@portail/contract/roles';
import { composeUsername } from '@portail/contract/rules/username';
import type { PendingSessionUser, SessionUser, TokenReply } from '@portail/contract/schemas/auth';
import { useSyncExternalStore } from 'react';
import { call, endSession, requestPasswordToken } from './api';
import { decodeJwtRoles } from './jwt';
import { getSession, type SessionState, storeToken, storeUser, subscribeSession } from './session-store';

/** The session as React state: token, user and how the last session ended. */
export function useSession(): SessionState {
  return useSyncExternalStore(subscribeSession, getSession, getSession);
}

export function userRoles(user: SessionUser): Role[] {
  return user.authorities.map((entry) => entry.authority);
}

export function isParticipant(user: SessionUser): boolean {
  return hasAnyRole(userRoles(user), ['ROLE_PARTICIPANT']);
}

export function isCorrespondant(user: SessionUser): boolean {
  return hasAnyRole(userRoles(user), ['ROLE_CORRESPONDANT']);
}

/** A participant must confirm the text-message code before anything else (docs/sign-in-and-sessions.md#code-confirmation, docs/roles-and-access.md#roles). */
export function needsConfirmation(user: SessionUser): boolean {
  return !user.doubleAuthentificationConfirmee && isParticipant(user);
}

/** The signed-in user, when both token and user are there. */
export function currentUser(state: SessionState): SessionUser | null {
  return state.token && state.user ? state.user : null;
}

/** Loads (or reloads) the signed-in user: POST /oauth/principal with the sign-in kind. */
export async function loadPrincipal(): Promise<SessionUser> {
  const roleCorrespondant = getSession().token?.roleCorrespondant ?? false;
  // The declaration (and its schemas) load with the first sign-in, not with the sign-in page.
  const { authApi } = await import('@portail/contract/api/auth');
  const reply = await call(authApi.principal, { body: { roleCorrespondant } });
  const user = 'authorities' in reply ? reply : awaitingCode(reply);
  storeUser(user);
  return user;
}

/**
 * Before the text-message code the server names nothing of the person (docs/sign-in-and-sessions.md#code-confirmation; issue 17): the screens
 * get a user with nothing in it but what the code screen needs. Participants and the centre's staff
 * have a code to confirm: it carries the participant role, which opens the code screen and nothing of
 * a participant's (the server refuses every other call until the code is confirmed); the full user
 * replaces it once the code is confirmed.
 */
export function awaitingCode(pending: PendingSessionUser): SessionUser {
  return {
    id: 0,
    username: '',
    name: '',
    nomComplet: '',
    idTechnique: null,
    tel: pending.tel,
    mail: null,
    actif: true,
    salarie: false,
    dmcAccepte: false,
    dmcRefuse: false,
    correspondantEtablissement: false,
    correspondantEntreprise: false,
    correspondantGroupement: false,
    anglaisUniquement: pending.anglaisUniquement,
    authorities: [{ authority: 'ROLE_PARTICIPANT' }],
    doubleAuthentificationConfirmee: false,
    premiereConnexion: false,
    derniereConnexion: null,
    canShowListeCorrespondant: false,
  };
}

export interface Credentials {
  identifier: string;
  password: string;
  correspondant: boolean;
}

/**
 * Password grant, then the principal. Token errors reach the caller untouched (the sign-in page maps
 * them, docs/sign-in-and-sessions.md#login-messages); a failing principal ends the half-open session.
 */
export async function signIn(credentials: Credentials): Promise<SessionUser> {
  const reply = await requestPasswordToken(
    composeUsername(credentials.identifier, credentials.correspondant),
    credentials.password,
  );
  storeToken(reply, credentials.correspondant);
  try {
    return await loadPrincipal();
  } catch (error) {
    endSession(null, 'info', { remember: false });
    throw error;
  }
}

/**
 * The tokens of a sign-in without a password (a passkey alone, docs/second-factors.md#passkeys),
 * kept exactly as after a password sign-in, then the principal. The kind of account is the token's:
 * nothing was ticked.
 */
export async function signInWithTokens(reply: TokenReply): Promise<SessionUser> {
  storeToken(reply, decodeJwtRoles(reply.access_token).includes('ROLE_CORRESPONDANT'));
  try {
    return await loadPrincipal();
  } catch (error) {
    endSession(null, 'info', { remember: false });
    throw error;
  }
}

/**
 * Signs out (docs/sign-in-and-sessions.md#sign-out): forgets confirmation state, token and user, tells the server, and shows
 * `auth.disconnected` or the reason given.
 */
export function logout(
  reasonKey = 'auth.disconnected',
  variant: 'success' | 'warning' | 'error' = 'success',
) {
  endSession(reasonKey, variant, { remember: false });
}

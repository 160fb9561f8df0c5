import type { SessionUser, TokenReply } from '@portail/contract/schemas/auth';
import { decodeJwtExp } from './jwt';

/**
 * The session lives in the browser's session storage (docs/sign-in-and-sessions.md#session-storage): it survives a reload of the tab and
 * ends with it. This module only stores; signing in and out is in session.ts and api.ts.
 */
export interface StoredToken {
  accessToken: string;
  refreshToken: string;
  /** Expiry of the access token, epoch milliseconds (JWT `exp`, else computed from `expires_in`). */
  expiresAt: number;
  /** The masked mobile number the confirmation code was sent to. */
  tel: string;
  /** The sign-in kind chosen on the login page, sent again to /oauth/principal. */
  roleCorrespondant: boolean;
}

/** Why and how the last session ended, until the login page has been shown. */
export interface SessionEnd {
  /** Send the user back to the page they were on after they sign in again (expired token). */
  remember: boolean;
}

export interface SessionState {
  token: StoredToken | null;
  user: SessionUser | null;
  ended: SessionEnd | null;
}

const TOKEN_KEY = 'portail.token';
const USER_KEY = 'portail.user';

function readJson(key: string): unknown {
  try {
    const raw = sessionStorage.getItem(key);
    return raw === null ? null : JSON.parse(raw);
  } catch {
    return null;
  }
}

function isStoredToken(value: unknown): value is StoredToken {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.accessToken === 'string' &&
    typeof v.refreshToken === 'string' &&
    typeof v.expiresAt === 'number' &&
    typeof v.tel === 'string' &&
    typeof v.roleCorrespondant === 'boolean'
  );
}

function storedToken(): StoredToken | null {
  const token = readJson(TOKEN_KEY);
  return isStoredToken(token) ? token : null;
}

// The user is restored by restoreSession(), once checked against the contract's schema.
let state: SessionState = { token: storedToken(), user: null, ended: null };
const listeners = new Set<() => void>();

function write(key: string, value: unknown) {
  try {
    if (value === null) sessionStorage.removeItem(key);
    else sessionStorage.setItem(key, JSON.stringify(value));
  } catch {
    // Storage full or disabled: the session then lasts as long as the page.
  }
}

function update(next: Partial<SessionState>) {
  state = { ...state, ...next };
  if ('token' in next) write(TOKEN_KEY, state.token);
  if ('user' in next) write(USER_KEY, state.user);
  for (const listener of listeners) listener();
}

export function getSession(): SessionState {
  return state;
}

export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function storeToken(reply: TokenReply, roleCorrespondant: boolean): StoredToken {
  const exp = decodeJwtExp(reply.access_token);
  const token: StoredToken = {
    accessToken: reply.access_token,
    refreshToken: reply.refresh_token,
    expiresAt: exp === null ? Date.now() + reply.expires_in * 1000 : exp * 1000,
    // A refresh reply may leave the phone empty: keep the one the code was sent to.
    tel: reply.tel || state.token?.tel || '',
    roleCorrespondant,
  };
  update({ token, ended: null });
  return token;
}

export function storeTel(tel: string): void {
  if (state.token) update({ token: { ...state.token, tel } });
}

export function storeUser(user: SessionUser): void {
  update({ user });
}

/** Forgets token and user (the confirmation state is the user's flag, so it goes with it). */
export function clearSession(ended: SessionEnd | null): void {
  update({ token: null, user: null, ended });
}

/** The login page calls this once shown: a later visit to a protected page asks to sign in again. */
export function acknowledgeSessionEnd(): void {
  if (state.ended) update({ ended: null });
}

/**
 * Restores the session kept in storage (after a reload of the tab), checking the user against the
 * contract's schema. The schema (and zod) load only when there is a session to restore, which keeps
 * them out of the sign-in page.
 */
export async function restoreSession(): Promise<void> {
  const token = storedToken();
  const raw = readJson(USER_KEY);
  if (!token || raw === null) {
    if (state.token || state.user) clearSession(null);
    return;
  }
  const { sessionUser } = await import('@portail/contract/schemas/auth');
  const user = sessionUser.safeParse(raw);
  if (user.success) update({ token, user: user.data });
  else clearSession(null);
}

/** Seconds left before the access token expires. */
export function tokenSecondsLeft(token: StoredToken, now: number = Date.now()): number {
  return (token.expiresAt - now) / 1000;
}

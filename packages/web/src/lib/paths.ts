/** Paths the shell itself navigates to; every screen path is in the contract's route table. */
export const LOGIN_PATH = '/login';
export const HOME_PATH = '/home';
export const CONFIRM_PATH = '/user/confirm';
export const FORGOT_PASSWORD_PATH = '/forgotPassword';
export const FORGOT_IDENTIFIER_PATH = '/forgotIdentifiant';
export const PUBLIC_ASSISTANCE_PATH = '/Assistance';

/** Where the guard sends the user back after signing in (router location state). */
export interface FromState {
  from?: string;
}

export function fromOf(state: unknown): string | null {
  if (typeof state !== 'object' || state === null || !('from' in state)) return null;
  const from = state.from;
  // Only paths of this app: never an absolute URL to somewhere else.
  return typeof from === 'string' && from.startsWith('/') && !from.startsWith('//') ? from : null;
}

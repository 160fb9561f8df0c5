/** What other features may use of this one; everything else in the folder is its own. */
export type { AuthDeps, GrantResult } from './auth.service';
export { invalidGrant, rolesOf, tokensFor } from './auth.service';
export { recordSignIn, unavailable } from './password-grant.service';
export { countSignInFromAddress, SIGN_IN_IP_WINDOW_S } from './sign-in-limits';

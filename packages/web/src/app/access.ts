import { hasAnyRole } from '@portail/contract/roles';
import { findScreenRoute, SCREENS, type ScreenRoute } from '@portail/contract/routes';
import type { SessionUser } from '@portail/contract/schemas/auth';
import { isParticipant, needsConfirmation, userRoles } from '../lib/session';

/** docs/roles-and-access.md#medical-record-gate: a participant reaches the medical record's screens only once it is accepted. */
function medicalRecordRefused(route: ScreenRoute, user: SessionUser): boolean {
  return route.medicalRecord === true && isParticipant(user) && !user.dmcAccepte;
}

/** What the guard does with a path (docs/roles-and-access.md#route-guard). */
export type AccessDecision =
  /** Show the page. */
  | 'allow'
  /** No entry in the route table: denied, shown as "resource not found". */
  | 'notFound'
  /** Not signed in: to the login page, then back here. */
  | 'login'
  /** The text-message code is not confirmed yet: only the confirmation page. */
  | 'confirm'
  /** The login page while fully signed in: home. */
  | 'home'
  /** Signed in without the role: toast auth.accessDenied, then home. */
  | 'denied';

/** The role check alone: `permit` is open, a role list needs one of its roles (hierarchy applied). */
export function rolesAllow(route: ScreenRoute, user: SessionUser | null): boolean {
  if (route.access === 'permit') return true;
  return user !== null && hasAnyRole(userRoles(user), route.access);
}

/**
 * The legal notice and the accessibility statement: every page's footer links to them, the code
 * confirmation's included, so they open at every step, also before the code is confirmed.
 */
const ALWAYS_OPEN: ReadonlySet<string> = new Set([SCREENS.legalNotice.path, SCREENS.accessibility.path]);

export function accessDecision(path: string, user: SessionUser | null): AccessDecision {
  const route = findScreenRoute(path);
  if (!route) return 'notFound';
  if (!user) return route.access === 'permit' ? 'allow' : 'login';
  if (ALWAYS_OPEN.has(route.path)) return 'allow';
  // The confirmation page is checked against roles only (docs/roles-and-access.md#route-guard).
  if (route.roleOnly) return rolesAllow(route, user) ? 'allow' : 'denied';
  if (needsConfirmation(user)) return 'confirm';
  if (route.path === SCREENS.login.path) return 'home';
  if (!rolesAllow(route, user) || medicalRecordRefused(route, user)) return 'denied';
  return 'allow';
}

/** True when the guard lets this user (null: not signed in) see this path. */
export function canAccess(path: string, user: SessionUser | null): boolean {
  return accessDecision(path, user) === 'allow';
}

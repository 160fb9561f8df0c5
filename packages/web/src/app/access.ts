import { hasAnyRole } from '@portail/contract/roles';
import { findScreenRoute, type ScreenRoute } from '@portail/contract/routes';
import type { SessionUser } from '@portail/contract/schemas/auth';
import { LOGIN_PATH } from '../lib/paths';
import { isParticipant, needsConfirmation, userRoles } from '../lib/session';

/**
 * Screens of the medical record (000 §1, §2.2): a participant reaches them only once the online
 * medical record is accepted; the server refuses their calls otherwise. Admins pass on their role.
 */
const MEDICAL_RECORD_PATHS: ReadonlySet<string> = new Set([
  '/document/resultatsAnalyses',
  '/document/consultations',
  '/document/consultationGynecologique',
  '/document/courrier',
  '/fiche/liste',
]);

function medicalRecordRefused(path: string, user: SessionUser): boolean {
  return MEDICAL_RECORD_PATHS.has(path) && isParticipant(user) && !user.dmcAccepte;
}

/** What the guard does with a path (000 §2.1). */
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

export function accessDecision(path: string, user: SessionUser | null): AccessDecision {
  const route = findScreenRoute(path);
  if (!route) return 'notFound';
  if (!user) return route.access === 'permit' ? 'allow' : 'login';
  // The confirmation page is checked against roles only (000 §2.1).
  if (route.roleOnly) return rolesAllow(route, user) ? 'allow' : 'denied';
  if (needsConfirmation(user)) return 'confirm';
  if (route.path === LOGIN_PATH) return 'home';
  if (!rolesAllow(route, user) || medicalRecordRefused(route.path, user)) return 'denied';
  return 'allow';
}

/** True when the guard lets this user (null: not signed in) see this path. */
export function canAccess(path: string, user: SessionUser | null): boolean {
  return accessDecision(path, user) === 'allow';
}

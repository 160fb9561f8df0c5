import type { Role } from './roles';

/**
 * The screen route table (000 §2.2, 001 §2). `permit` is open to anyone; a list of roles needs at
 * least one of them; a path missing from the table is denied. The web guard, the side menu and the
 * tests all read this table.
 */
export type Access = 'permit' | readonly Role[];

export interface ScreenRoute {
  path: string;
  access: Access;
  /** i18n key of the page title (also the last breadcrumb entry). */
  titleKey: string;
  /** The confirmation screen is checked against roles only, never against the confirmation state. */
  roleOnly?: boolean;
  /**
   * A screen of the medical record (000 §1, §2.2): a participant reaches it only once the online
   * medical record is accepted, as the server's `medicalRecord` routes. Other roles pass on their role.
   */
  medicalRecord?: boolean;
}

const P: Role = 'ROLE_PARTICIPANT';
const C: Role = 'ROLE_CORRESPONDANT';
const A: Role = 'ROLE_ADMIN';
/** The centre's helpline (ADMIN implies it: contract/roles.ts). */
const O: Role = 'ROLE_OPERATOR';

export const SCREEN_ROUTES = [
  { path: '/login', access: 'permit', titleKey: 'routes.login' },
  { path: '/forgotPassword', access: 'permit', titleKey: 'routes.forgotPassword' },
  { path: '/forgotIdentifiant', access: 'permit', titleKey: 'routes.forgotIdentifiant' },
  { path: '/user/changePassword', access: 'permit', titleKey: 'routes.changePassword' },
  { path: '/user/reinitpassword', access: 'permit', titleKey: 'routes.reinitPassword' },
  { path: '/user/registrationCompte', access: 'permit', titleKey: 'routes.registration' },
  { path: '/Assistance', access: 'permit', titleKey: 'routes.assistance' },
  // Not in the specification: the legal notice (LCEN art. 6) and the accessibility statement (RGAA 4.1),
  // open to anyone, linked from the sign-in page, the page footers and the side menu.
  { path: '/mentionsLegales', access: 'permit', titleKey: 'routes.legalNotice' },
  { path: '/accessibilite', access: 'permit', titleKey: 'routes.accessibility' },
  { path: '/home', access: [O, C, P], titleKey: 'routes.home' },
  // The code screen: the centre's staff confirm a code too (issue 20); before the code, the web gives
  // everyone the participant's role (lib/session.ts awaitingCode).
  { path: '/user/confirm', access: [P, O], titleKey: 'routes.confirm', roleOnly: true },
  { path: '/adherentsCorrespondant', access: [P, C], titleKey: 'routes.participants' },
  { path: '/adherents/:id', access: [P, C], titleKey: 'routes.participant' },
  { path: '/participant/mescoordonnees', access: [A, P], titleKey: 'routes.ownDetails' },
  { path: '/participant/mesrendezvous', access: [P], titleKey: 'routes.appointments' },
  { path: '/bilansCorrespondant', access: [C], titleKey: 'routes.checkups' },
  { path: '/historiqueBilansCorrespondant', access: [C], titleKey: 'routes.checkupHistory' },
  { path: '/correspondant/mescorrespondants', access: [A, P, C], titleKey: 'routes.correspondants' },
  { path: '/correspondant/:id', access: [A, P, C], titleKey: 'routes.correspondant' },
  {
    path: '/document/resultatsAnalyses',
    access: [A, P],
    titleKey: 'routes.documents.resultatsAnalyses',
    medicalRecord: true,
  },
  {
    path: '/document/consultations',
    access: [A, P],
    titleKey: 'routes.documents.consultations',
    medicalRecord: true,
  },
  {
    path: '/document/consultationGynecologique',
    access: [A, P],
    titleKey: 'routes.documents.consultationGynecologique',
    medicalRecord: true,
  },
  { path: '/document/courrier', access: [A, P], titleKey: 'routes.documents.courrier', medicalRecord: true },
  { path: '/fiche/liste', access: [A, P], titleKey: 'routes.sheets', medicalRecord: true },
  { path: '/assistance', access: [O, C, P], titleKey: 'routes.assistance' },
  { path: '/mutation', access: [C], titleKey: 'routes.mutations' },
  { path: '/mutation/:id', access: [C], titleKey: 'routes.mutation' },
  // 001 §2 lists correspondants and participants, but 000 §2.2 shows the entry to everyone: the centre's
  // administrators read it too (issue 18), so the menu's "always shown" entry opens for them.
  { path: '/politiqueProtectionDonnees', access: [O, C, P], titleKey: 'routes.dataProtection' },
  { path: '/mescoordonnees', access: [C, P], titleKey: 'routes.myDetails' },
  // Not in the specification: the Centre area of the centre's staff (issue 20).
  { path: '/centre/comptes', access: [O], titleKey: 'routes.centre.accounts' },
  { path: '/centre/comptes/:id', access: [O], titleKey: 'routes.centre.account' },
  { path: '/centre/envois', access: [O], titleKey: 'routes.centre.deliveries' },
  { path: '/centre/journal', access: [A], titleKey: 'routes.centre.audit' },
  { path: '/centre/contenus', access: [A], titleKey: 'routes.centre.content' },
] as const satisfies readonly ScreenRoute[];

export type ScreenPath = (typeof SCREEN_ROUTES)[number]['path'];

/** Document list routes and their categories (000 §2.2). */
export const DOCUMENT_CATEGORIES = {
  resultatsAnalyses: 'MEDICO_TECHNIQUE',
  consultations: 'CONS_MEDICAL',
  consultationGynecologique: 'CONSULT_GYN',
  courrier: 'COURRIER',
} as const;

/** The document list screens, in the menu's order. */
export const DOCUMENT_PATHS = [
  '/document/resultatsAnalyses',
  '/document/consultations',
  '/document/consultationGynecologique',
  '/document/courrier',
] as const satisfies readonly ScreenPath[];

function matches(pattern: string, path: string): boolean {
  const a = pattern.split('/');
  const b = path.split('/');
  if (a.length !== b.length) return false;
  return a.every((segment, i) => (segment.startsWith(':') ? (b[i] ?? '') !== '' : segment === b[i]));
}

/** The table entry for a concrete path, or undefined (which means: denied). */
export function findScreenRoute(path: string): ScreenRoute | undefined {
  const clean = path.length > 1 ? path.replace(/\/+$/, '') : path;
  return (SCREEN_ROUTES as readonly ScreenRoute[]).find((route) => matches(route.path, clean));
}

import { fillPath, type PathParameterNames } from './api/route';
import type { Access, Role } from './roles';

export type { Access } from './roles';

/**
 * The screen route table (docs/roles-and-access.md#route-table): a path missing from it is denied. The web's
 * router, guard, links and side menu, and the tests, all read it.
 */

export interface ScreenRoute {
  path: string;
  access: Access;
  /** i18n key of the page title (also the last breadcrumb entry). */
  titleKey: string;
  /** The confirmation screen is checked against roles only, never against the confirmation state. */
  roleOnly?: boolean;
  /**
   * A screen of the medical record (docs/roles-and-access.md#medical-record-gate, docs/roles-and-access.md#route-table): a participant reaches it only once the online
   * medical record is accepted, as the server's `medicalRecord` routes. Other roles pass on their role.
   */
  medicalRecord?: boolean;
}

const P: Role = 'ROLE_PARTICIPANT';
const C: Role = 'ROLE_CORRESPONDANT';
const A: Role = 'ROLE_ADMIN';
/** The centre's helpline (ADMIN implies it: contract/roles.ts). */
const O: Role = 'ROLE_OPERATOR';

/** Every screen by name: the router, the links and the guard read it. */
export const SCREENS = {
  login: { path: '/login', access: 'permit', titleKey: 'routes.login' },
  forgotPassword: { path: '/forgotPassword', access: 'permit', titleKey: 'routes.forgotPassword' },
  forgotIdentifier: { path: '/forgotIdentifiant', access: 'permit', titleKey: 'routes.forgotIdentifiant' },
  changePassword: { path: '/user/changePassword', access: 'permit', titleKey: 'routes.changePassword' },
  reinitPassword: { path: '/user/reinitpassword', access: 'permit', titleKey: 'routes.reinitPassword' },
  registration: { path: '/user/registrationCompte', access: 'permit', titleKey: 'routes.registration' },
  publicAssistance: { path: '/Assistance', access: 'permit', titleKey: 'routes.assistance' },
  // Not in the specification: the legal notice (LCEN art. 6) and the accessibility statement (RGAA 4.1),
  // open to anyone, linked from the sign-in page, the page footers and the side menu.
  legalNotice: { path: '/mentionsLegales', access: 'permit', titleKey: 'routes.legalNotice' },
  accessibility: { path: '/accessibilite', access: 'permit', titleKey: 'routes.accessibility' },
  home: { path: '/home', access: [O, C, P], titleKey: 'routes.home' },
  // The code screen: the centre's staff confirm a code too (issue 20); before the code, the web gives
  // everyone the participant's role (lib/session.ts awaitingCode).
  confirm: { path: '/user/confirm', access: [P, O], titleKey: 'routes.confirm', roleOnly: true },
  participants: { path: '/adherentsCorrespondant', access: [P, C], titleKey: 'routes.participants' },
  participant: { path: '/adherents/:id', access: [P, C], titleKey: 'routes.participant' },
  // Not in the specification: importing participants from a spreadsheet (issue 22), under the list.
  participantImport: {
    path: '/adherentsCorrespondant/import',
    access: [C],
    titleKey: 'routes.participantImport',
  },
  ownDetails: { path: '/participant/mescoordonnees', access: [A, P], titleKey: 'routes.ownDetails' },
  appointments: { path: '/participant/mesrendezvous', access: [P], titleKey: 'routes.appointments' },
  // Not in the specification: who accessed or changed my record (issue 23, docs/activity.md).
  activity: { path: '/participant/monActivite', access: [P], titleKey: 'routes.activity' },
  checkups: { path: '/bilansCorrespondant', access: [C], titleKey: 'routes.checkups' },
  checkupHistory: { path: '/historiqueBilansCorrespondant', access: [C], titleKey: 'routes.checkupHistory' },
  correspondants: {
    path: '/correspondant/mescorrespondants',
    access: [A, P, C],
    titleKey: 'routes.correspondants',
  },
  correspondant: { path: '/correspondant/:id', access: [A, P, C], titleKey: 'routes.correspondant' },
  documentsResultatsAnalyses: {
    path: '/document/resultatsAnalyses',
    access: [A, P],
    titleKey: 'routes.documents.resultatsAnalyses',
    medicalRecord: true,
  },
  documentsConsultations: {
    path: '/document/consultations',
    access: [A, P],
    titleKey: 'routes.documents.consultations',
    medicalRecord: true,
  },
  documentsConsultationGynecologique: {
    path: '/document/consultationGynecologique',
    access: [A, P],
    titleKey: 'routes.documents.consultationGynecologique',
    medicalRecord: true,
  },
  documentsCourrier: {
    path: '/document/courrier',
    access: [A, P],
    titleKey: 'routes.documents.courrier',
    medicalRecord: true,
  },
  sheets: { path: '/fiche/liste', access: [A, P], titleKey: 'routes.sheets', medicalRecord: true },
  assistance: { path: '/assistance', access: [O, C, P], titleKey: 'routes.assistance' },
  mutations: { path: '/mutation', access: [C], titleKey: 'routes.mutations' },
  mutation: { path: '/mutation/:id', access: [C], titleKey: 'routes.mutation' },
  // docs/roles-and-access.md#route-table lists correspondants and participants, but docs/roles-and-access.md#route-table shows the entry to everyone: the centre's
  // administrators read it too (issue 18), so the menu's "always shown" entry opens for them.
  dataProtection: {
    path: '/politiqueProtectionDonnees',
    access: [O, C, P],
    titleKey: 'routes.dataProtection',
  },
  // The centre's staff open it for its "Security" tab alone: their own sessions (issue 23).
  myDetails: { path: '/mescoordonnees', access: [O, C, P], titleKey: 'routes.myDetails' },
  // Not in the specification: the Centre area of the centre's staff (issue 20).
  centreAccounts: { path: '/centre/comptes', access: [O], titleKey: 'routes.centre.accounts' },
  centreAccount: { path: '/centre/comptes/:id', access: [O], titleKey: 'routes.centre.account' },
  centreDeliveries: { path: '/centre/envois', access: [O], titleKey: 'routes.centre.deliveries' },
  centreAudit: { path: '/centre/journal', access: [A], titleKey: 'routes.centre.audit' },
  centreContent: { path: '/centre/contenus', access: [A], titleKey: 'routes.centre.content' },
} as const satisfies Record<string, ScreenRoute>;

/** The screens as one list, in the table's order. */
export const SCREEN_ROUTES: readonly ScreenRoute[] = Object.values(SCREENS);

export type ScreenPath = (typeof SCREENS)[keyof typeof SCREENS]['path'];

/** Document list routes and their categories (docs/roles-and-access.md#route-table). */
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

/** A screen's address, its `:id` filled in: `screenPath(SCREENS.participant, { id: 12 })`. */
export function screenPath<S extends ScreenRoute>(
  screen: S,
  ...[params]: [PathParameterNames<S['path']>] extends [never]
    ? []
    : [Record<PathParameterNames<S['path']>, string | number>]
): string {
  return params ? fillPath(screen.path, params) : screen.path;
}

function matches(pattern: string, path: string): boolean {
  const a = pattern.split('/');
  const b = path.split('/');
  if (a.length !== b.length) return false;
  return a.every((segment, i) => (segment.startsWith(':') ? (b[i] ?? '') !== '' : segment === b[i]));
}

/** The table entry for a concrete path, or undefined (which means: denied). */
export function findScreenRoute(path: string): ScreenRoute | undefined {
  const clean = path.length > 1 ? path.replace(/\/+$/, '') : path;
  return SCREEN_ROUTES.find((route) => matches(route.path, clean));
}

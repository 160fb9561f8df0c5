import type { ScreenPath } from '@portail/contract/routes';

/** "Mes coordonnées": the one page of a user's own details and account settings. */
export const ACCOUNT_PATH: ScreenPath = '/mescoordonnees';
/** The query parameter naming the tab shown, so that a reload keeps it. */
export const TAB_PARAM = 'onglet';
/** A participant's own record, read-only: the first tab (the former "Mes informations" page). */
export const RECORD_TAB = 'dossier';

/** The query parameter naming the tab of "Mes coordonnées" shown, so that a reload keeps it. */
export const TAB_PARAM = 'onglet';
/** A participant's own record, read-only: the first tab (the former "Mes informations" page). */
export const RECORD_TAB = 'dossier';

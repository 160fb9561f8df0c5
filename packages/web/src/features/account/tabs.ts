/** The query parameter naming the tab of "Mes coordonnées" shown, so that a reload keeps it. */
export const TAB_PARAM = 'onglet';
/** A participant's own record, read-only: the first tab (the former "Mes informations" page). */
export const RECORD_TAB = 'dossier';

/** The "Sécurité" tab: sign-in factors and open sessions (docs/second-factors.md#security-tab). */
export const SECURITY_TAB = 'securite';

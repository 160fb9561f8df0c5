import { SCREENS } from '@portail/contract/routes';
import { SECURITY_TAB, TAB_PARAM } from './tabs';

/** "Mes coordonnées" opened on its "Sécurité" tab (docs/second-factors.md#security-tab). */
export const SECURITY_TAB_PATH = `${SCREENS.myDetails.path}?${TAB_PARAM}=${SECURITY_TAB}`;

import { findScreenRoute } from '@portail/contract/routes';
import { HOME_PATH } from '../../lib/paths';

export interface TrailEntry {
  labelKey: string;
  path?: string;
}

/** Detail screens sit under their list. */
const PARENTS: Record<string, string> = {
  '/adherents/:id': '/adherentsCorrespondant',
  '/correspondant/:id': '/correspondant/mescorrespondants',
  '/mutation/:id': '/mutation',
};

/** The breadcrumb of a path: home, the menu group or parent list, then the page itself. */
export function breadcrumbTrail(pathname: string): TrailEntry[] {
  const route = findScreenRoute(pathname);
  if (!route) return [];
  if (route.path === HOME_PATH) return [{ labelKey: route.titleKey }];
  const trail: TrailEntry[] = [{ labelKey: 'routes.home', path: HOME_PATH }];
  if (route.path.startsWith('/document/')) trail.push({ labelKey: 'menu.documents' });
  const parentPath = PARENTS[route.path];
  const parent = parentPath ? findScreenRoute(parentPath) : undefined;
  if (parent) trail.push({ labelKey: parent.titleKey, path: parent.path });
  trail.push({ labelKey: route.titleKey });
  return trail;
}

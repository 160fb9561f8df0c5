import { findScreenRoute, SCREENS } from '@portail/contract/routes';

export interface TrailEntry {
  labelKey: string;
  path?: string;
}

/** Detail screens sit under their list. */
const PARENTS: Record<string, string> = {
  [SCREENS.participant.path]: SCREENS.participants.path,
  [SCREENS.participantImport.path]: SCREENS.participants.path,
  [SCREENS.correspondant.path]: SCREENS.correspondants.path,
  [SCREENS.mutation.path]: SCREENS.mutations.path,
};

/** The breadcrumb of a path: home, the menu group or parent list, then the page itself. */
export function breadcrumbTrail(pathname: string): TrailEntry[] {
  const route = findScreenRoute(pathname);
  if (!route) return [];
  if (route.path === SCREENS.home.path) return [{ labelKey: route.titleKey }];
  const trail: TrailEntry[] = [{ labelKey: 'routes.home', path: SCREENS.home.path }];
  if (route.path.startsWith('/document/')) trail.push({ labelKey: 'menu.documents' });
  const parentPath = PARENTS[route.path];
  const parent = parentPath ? findScreenRoute(parentPath) : undefined;
  if (parent) trail.push({ labelKey: parent.titleKey, path: parent.path });
  trail.push({ labelKey: route.titleKey });
  return trail;
}

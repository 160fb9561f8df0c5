import { DOCUMENT_PATHS, findScreenRoute, type ScreenPath } from '@portail/contract/routes';
import type { SessionUser } from '@portail/contract/schemas/auth';
import { isCorrespondant, isParticipant, needsConfirmation } from '../../lib/session';
import { canAccess } from '../access';

export interface MenuLink {
  kind: 'link';
  path: ScreenPath;
  /** The route's title key in the contract's table. */
  labelKey: string;
}

export interface MenuGroup {
  kind: 'group';
  id: string;
  labelKey: string;
  links: MenuLink[];
}

export type MenuEntry = MenuLink | MenuGroup;

function link(path: ScreenPath): MenuLink {
  return { kind: 'link', path, labelKey: findScreenRoute(path)?.titleKey ?? path };
}

/** The Centre area of the centre's staff (issue 20): what each may open, the guard decides. */
const CENTRE_PATHS: readonly ScreenPath[] = [
  '/centre/comptes',
  '/centre/envois',
  '/centre/journal',
  '/centre/contenus',
];

const CORRESPONDANT_PATHS: readonly ScreenPath[] = [
  '/adherentsCorrespondant',
  '/bilansCorrespondant',
  '/historiqueBilansCorrespondant',
  '/mutation',
];

/**
 * The side menu of a user (docs/roles-and-access.md#side-menu): nothing before the text-message confirmation; each entry also
 * passes the route guard, so the menu never offers a page the guard would refuse.
 */
export function buildMenu(user: SessionUser | null): MenuEntry[] {
  if (!user || needsConfirmation(user)) return [];
  const participant = isParticipant(user);
  const correspondant = isCorrespondant(user);
  const medicalRecord = participant && user.dmcAccepte;

  const entries: MenuEntry[] = [link('/home')];
  if (!participant && !correspondant) {
    entries.push({ kind: 'group', id: 'centre', labelKey: 'menu.centre', links: CENTRE_PATHS.map(link) });
  }
  if (medicalRecord) {
    entries.push({
      kind: 'group',
      id: 'documents',
      labelKey: 'menu.documents',
      links: DOCUMENT_PATHS.map(link),
    });
    entries.push(link('/fiche/liste'));
  } else if (!participant && !correspondant) {
    // The advice sheets are the centre's, the same for everyone: the administrators read them too.
    entries.push(link('/fiche/liste'));
  }
  if (participant) entries.push(link('/participant/mesrendezvous'), link('/participant/monActivite'));
  // A participant's record is a tab of "Mes coordonnées" (issue 18); the admin keeps this page.
  if (!participant) entries.push(link('/participant/mescoordonnees'));
  if (correspondant) {
    entries.push({
      kind: 'group',
      id: 'correspondant',
      labelKey: 'menu.correspondant',
      links: CORRESPONDANT_PATHS.map(link),
    });
  }
  if (correspondant || user.canShowListeCorrespondant) entries.push(link('/correspondant/mescorrespondants'));
  entries.push(link('/mescoordonnees'), link('/assistance'), link('/politiqueProtectionDonnees'));
  // Open to anyone, so every signed-in user gets them (the footer links to them too).
  entries.push(link('/mentionsLegales'), link('/accessibilite'));

  return entries.flatMap((entry): MenuEntry[] => {
    if (entry.kind === 'link') return canAccess(entry.path, user) ? [entry] : [];
    const links = entry.links.filter((item) => canAccess(item.path, user));
    return links.length > 0 ? [{ ...entry, links }] : [];
  });
}

/** Every path the menu shows, in order (for tests and for the breadcrumb parent lookup). */
export function menuPaths(entries: readonly MenuEntry[]): string[] {
  return entries.flatMap((entry) =>
    entry.kind === 'link' ? [entry.path] : entry.links.map((item) => item.path),
  );
}

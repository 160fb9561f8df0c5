import { describe, expect, it } from 'vitest';
import { makeUser } from '../../test/users';
import { canAccess } from '../access';
import { buildMenu, menuPaths } from './menu';

const DOCUMENTS = [
  '/document/resultatsAnalyses',
  '/document/consultations',
  '/document/consultationGynecologique',
  '/document/courrier',
];
const LEGAL_PAGES = ['/mentionsLegales', '/accessibilite'];
const CORRESPONDANT_GROUP = [
  '/adherentsCorrespondant',
  '/bilansCorrespondant',
  '/historiqueBilansCorrespondant',
  '/mutation',
];

describe('side menu', () => {
  it('is empty before sign-in and before the code confirmation', () => {
    expect(buildMenu(null)).toEqual([]);
    expect(buildMenu(makeUser(['ROLE_PARTICIPANT'], { doubleAuthentificationConfirmee: false }))).toEqual([]);
  });

  it('shows a participant without medical-record consent no documents and no sheets', () => {
    const paths = menuPaths(buildMenu(makeUser(['ROLE_PARTICIPANT'])));
    expect(paths).toEqual([
      '/home',
      '/participant/mesrendezvous',
      '/participant/monActivite',
      '/mescoordonnees',
      '/assistance',
      '/politiqueProtectionDonnees',
      ...LEGAL_PAGES,
    ]);
  });

  it('shows a consenting participant the documents group and the sheets', () => {
    const entries = buildMenu(makeUser(['ROLE_PARTICIPANT'], { dmcAccepte: true }));
    const group = entries.find((entry) => entry.kind === 'group');
    expect(group).toMatchObject({ id: 'documents', labelKey: 'menu.documents' });
    expect(group?.kind === 'group' && group.links.map((link) => link.path)).toEqual(DOCUMENTS);
    expect(menuPaths(entries)).toContain('/fiche/liste');
    expect(menuPaths(entries)).not.toContain('/adherentsCorrespondant');
  });

  it('shows a correspondant their group and the correspondant list, and no participant entries', () => {
    const paths = menuPaths(buildMenu(makeUser(['ROLE_CORRESPONDANT'])));
    expect(paths).toEqual([
      '/home',
      ...CORRESPONDANT_GROUP,
      '/correspondant/mescorrespondants',
      '/mescoordonnees',
      '/assistance',
      '/politiqueProtectionDonnees',
      ...LEGAL_PAGES,
    ]);
  });

  it('shows the correspondant list to a participant only when the server allows it', () => {
    expect(menuPaths(buildMenu(makeUser(['ROLE_PARTICIPANT'])))).not.toContain(
      '/correspondant/mescorrespondants',
    );
    const allowed = makeUser(['ROLE_PARTICIPANT'], { canShowListeCorrespondant: true });
    expect(menuPaths(buildMenu(allowed))).toContain('/correspondant/mescorrespondants');
  });

  it('shows an admin what they can do: the Centre area, their account, the centre’s sheets, assistance and data protection', () => {
    const paths = menuPaths(buildMenu(makeUser(['ROLE_ADMIN'], { dmcAccepte: true })));
    // Documents are a participant's own (an admin has none); the sheets are the centre's (issue 18).
    expect(paths).toEqual([
      '/home',
      '/centre/comptes',
      '/centre/envois',
      '/centre/journal',
      '/centre/contenus',
      '/fiche/liste',
      '/participant/mescoordonnees',
      '/mescoordonnees',
      '/assistance',
      '/politiqueProtectionDonnees',
      ...LEGAL_PAGES,
    ]);
    const withList = menuPaths(buildMenu(makeUser(['ROLE_ADMIN'], { canShowListeCorrespondant: true })));
    expect(withList).toContain('/correspondant/mescorrespondants');
  });

  it('shows an operator of the helpline the Centre area, and none of an administrator’s own pages', () => {
    const entries = buildMenu(makeUser(['ROLE_OPERATOR']));
    expect(entries.find((entry) => entry.kind === 'group' && entry.id === 'centre')).toBeDefined();
    expect(menuPaths(entries)).toEqual([
      '/home',
      '/centre/comptes',
      '/centre/envois',
      '/mescoordonnees',
      '/assistance',
      '/politiqueProtectionDonnees',
      ...LEGAL_PAGES,
    ]);
  });

  it('shows the Centre area to nobody but the centre’s staff', () => {
    for (const roles of [['ROLE_PARTICIPANT'], ['ROLE_CORRESPONDANT']] as const) {
      expect(menuPaths(buildMenu(makeUser([...roles], { dmcAccepte: true })))).not.toContain(
        '/centre/comptes',
      );
    }
  });

  it('gives a participant one entry for their record and their account settings', () => {
    const paths = menuPaths(buildMenu(makeUser(['ROLE_PARTICIPANT'], { dmcAccepte: true })));
    expect(paths).toContain('/mescoordonnees');
    expect(paths).not.toContain('/participant/mescoordonnees');
  });

  it('ends with the legal notice and the accessibility statement for every signed-in user', () => {
    for (const roles of [['ROLE_PARTICIPANT'], ['ROLE_CORRESPONDANT'], ['ROLE_ADMIN']] as const) {
      const paths = menuPaths(buildMenu(makeUser([...roles])));
      expect(paths.slice(-2)).toEqual(LEGAL_PAGES);
    }
    const entries = buildMenu(makeUser(['ROLE_PARTICIPANT']));
    expect(entries.slice(-2)).toEqual([
      { kind: 'link', path: '/mentionsLegales', labelKey: 'routes.legalNotice' },
      { kind: 'link', path: '/accessibilite', labelKey: 'routes.accessibility' },
    ]);
  });

  it('never offers a page the route guard would refuse', () => {
    const users = [
      makeUser(['ROLE_PARTICIPANT'], { dmcAccepte: true, canShowListeCorrespondant: true }),
      makeUser(['ROLE_CORRESPONDANT'], { canShowListeCorrespondant: true }),
      makeUser(['ROLE_ADMIN'], { canShowListeCorrespondant: true }),
      makeUser(['ROLE_PARAM_MEDISUIV']),
    ];
    for (const user of users) {
      for (const path of menuPaths(buildMenu(user))) expect(canAccess(path, user)).toBe(true);
    }
  });
});

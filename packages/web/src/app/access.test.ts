import { SCREEN_ROUTES } from '@portail/contract/routes';
import { describe, expect, it } from 'vitest';
import { makeUser } from '../test/users';
import { accessDecision, canAccess } from './access';

const participant = makeUser(['ROLE_PARTICIPANT']);
const pending = makeUser(['ROLE_PARTICIPANT'], { doubleAuthentificationConfirmee: false });
const correspondant = makeUser(['ROLE_CORRESPONDANT']);
const admin = makeUser(['ROLE_ADMIN']);
const paramMedisuiv = makeUser(['ROLE_PARAM_MEDISUIV']);

describe('route guard', () => {
  it('sends a visitor who is not signed in to the login page, and opens permit routes', () => {
    expect(accessDecision('/home', null)).toBe('login');
    expect(accessDecision('/adherents/12', null)).toBe('login');
    expect(canAccess('/login', null)).toBe(true);
    expect(canAccess('/forgotPassword', null)).toBe(true);
    expect(canAccess('/Assistance', null)).toBe(true);
  });

  it('denies a path missing from the route table, signed in or not', () => {
    expect(accessDecision('/nowhere', null)).toBe('notFound');
    expect(accessDecision('/nowhere', admin)).toBe('notFound');
    // Paths are case-sensitive: the public and the signed-in assistance are two routes.
    expect(accessDecision('/ASSISTANCE', participant)).toBe('notFound');
    expect(accessDecision('/adherents', correspondant)).toBe('notFound');
  });

  it('requires one of the roles of the route', () => {
    expect(canAccess('/bilansCorrespondant', correspondant)).toBe(true);
    expect(accessDecision('/bilansCorrespondant', participant)).toBe('denied');
    expect(canAccess('/participant/mesrendezvous', participant)).toBe(true);
    expect(accessDecision('/participant/mesrendezvous', correspondant)).toBe('denied');
    expect(canAccess('/adherents/42', participant)).toBe(true);
    expect(accessDecision('/mutation/3', admin)).toBe('denied');
    expect(canAccess('/politiqueProtectionDonnees', correspondant)).toBe(true);
    // The import from a spreadsheet (issue 22): the correspondants' own, like creating a participant.
    expect(canAccess('/adherentsCorrespondant/import', correspondant)).toBe(true);
    expect(accessDecision('/adherentsCorrespondant/import', participant)).toBe('denied');
    expect(accessDecision('/adherentsCorrespondant/import', admin)).toBe('denied');
    // docs/roles-and-access.md#route-table: the data-protection entry is always shown, so the administrators open it too (issue 18).
    expect(canAccess('/politiqueProtectionDonnees', admin)).toBe(true);
  });

  it('applies the role hierarchy: PARAM_MEDISUIV implies ADMIN', () => {
    expect(canAccess('/document/courrier', paramMedisuiv)).toBe(true);
    expect(canAccess('/home', paramMedisuiv)).toBe(true);
    expect(accessDecision('/adherentsCorrespondant', paramMedisuiv)).toBe('denied');
  });

  it('opens the medical record to a participant only once it is accepted; admins pass', () => {
    const accepted = makeUser(['ROLE_PARTICIPANT'], { dmcAccepte: true });
    for (const path of ['/document/courrier', '/document/consultations', '/fiche/liste']) {
      expect(accessDecision(path, participant)).toBe('denied');
      expect(canAccess(path, accepted)).toBe(true);
      expect(canAccess(path, admin)).toBe(true);
    }
    expect(canAccess('/participant/mesrendezvous', participant)).toBe(true);
  });

  it('keeps a participant whose code is not confirmed on the confirmation page', () => {
    expect(canAccess('/user/confirm', pending)).toBe(true);
    const legalPages = ['/mentionsLegales', '/accessibilite'];
    for (const route of SCREEN_ROUTES) {
      if (route.path === '/user/confirm' || legalPages.includes(route.path)) continue;
      expect(accessDecision(route.path.replace(':id', '1'), pending)).toBe('confirm');
    }
  });

  it('opens the legal notice and the accessibility statement to anyone, at every step', () => {
    for (const path of ['/mentionsLegales', '/accessibilite']) {
      for (const user of [null, pending, participant, correspondant, admin, paramMedisuiv]) {
        expect(accessDecision(path, user)).toBe('allow');
      }
    }
    // Paths are case-sensitive.
    expect(accessDecision('/MentionsLegales', participant)).toBe('notFound');
  });

  it('checks the confirmation page against roles only', () => {
    // A confirmed participant may reach it (the page then signs them out, docs/sign-in-and-sessions.md#code-confirmation).
    expect(canAccess('/user/confirm', participant)).toBe(true);
    expect(accessDecision('/user/confirm', correspondant)).toBe('denied');
    expect(accessDecision('/user/confirm', null)).toBe('login');
  });

  it('sends a signed-in user from the login page to home', () => {
    expect(accessDecision('/login', participant)).toBe('home');
    expect(accessDecision('/login', correspondant)).toBe('home');
    expect(canAccess('/forgotPassword', correspondant)).toBe(true);
  });
});

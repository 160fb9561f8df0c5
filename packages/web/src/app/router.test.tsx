import { SCREEN_ROUTES } from '@portail/contract/routes';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, type RouteObject, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { notify } from '../lib/notify';
import { clearSession } from '../lib/session-store';
import { signInAs } from '../test/users';
import { Providers } from './providers';
import { appRoutes } from './router';

vi.mock('../lib/notify', () => ({
  notify: vi.fn(),
  showToast: vi.fn(),
  onToastNeeded: () => () => undefined,
  toasterReady: vi.fn(),
  dismissToasts: vi.fn(),
}));

const signIn = signInAs;

function visit(path: string) {
  const router = createMemoryRouter(appRoutes, { initialEntries: [path] });
  render(
    <Providers>
      <RouterProvider router={router} />
    </Providers>,
  );
  return router;
}

beforeEach(() => {
  clearSession(null);
  vi.mocked(notify).mockClear();
});

describe('application routes', () => {
  it('redirects / to the login page', async () => {
    const router = visit('/');
    expect(await screen.findByRole('heading', { name: 'Connexion' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(notify).not.toHaveBeenCalled();
  });

  it('asks a visitor to sign in, remembering the page asked for', async () => {
    const router = visit('/document/courrier');
    expect(await screen.findByRole('heading', { name: 'Connexion' })).toBeInTheDocument();
    expect(router.state.location.state).toEqual({ from: '/document/courrier' });
    expect(notify).toHaveBeenCalledWith('auth.loginRequired', 'warning');
  });

  it('shows the home page with the menu once signed in and confirmed', async () => {
    signIn(['ROLE_CORRESPONDANT'], { nomComplet: 'Claire Dupont', premiereConnexion: true });
    visit('/home');
    expect(await screen.findByRole('heading', { name: 'Bienvenue, Claire Dupont' })).toBeInTheDocument();
    expect(screen.getByText("Bienvenue : c'est votre première connexion au portail.")).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Claire Dupont' })).toBeInTheDocument();
    // On a narrow screen (jsdom has no media queries) the menu opens over the page.
    await userEvent.setup().click(screen.getByRole('button', { name: 'Afficher ou masquer le menu' }));
    expect(screen.getByRole('navigation', { name: 'Menu principal' })).toHaveTextContent(
      'Liste des participants',
    );
    await waitFor(() => expect(document.title).toBe('Accueil'));
  });

  it('formats the last connection on the centre’s clocks, whatever the machine’s zone (issue 18)', async () => {
    // 06:05 UTC is 07:05 in Paris in March; "heure de Paris" follows only where the machine is elsewhere.
    signIn(['ROLE_PARTICIPANT'], { derniereConnexion: '2026-03-09T06:05:00.000Z' });
    visit('/home');
    expect(
      await screen.findByText(/^Dernière connexion le 09\/03\/2026 à 07:05( \(heure de Paris\))?$/),
    ).toBeInTheDocument();
  });

  it('sends a signed-in user away from a page their roles refuse', async () => {
    signIn(['ROLE_PARTICIPANT']);
    const router = visit('/bilansCorrespondant');
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
    expect(notify).toHaveBeenCalledWith('auth.accessDenied', 'error');
  });

  it('opens the import from a spreadsheet to a correspondant, under the participant list', async () => {
    signIn(['ROLE_CORRESPONDANT'], { nomComplet: 'Claire Dupont' });
    visit('/adherentsCorrespondant/import');
    expect(
      await screen.findByRole('heading', { name: 'Import de participants', level: 1 }),
    ).toBeInTheDocument();
    const trail = screen.getByRole('navigation', { name: /fil d'ariane/i });
    expect(within(trail).getByRole('link', { name: 'Liste des participants' })).toHaveAttribute(
      'href',
      '/adherentsCorrespondant',
    );
    expect(screen.getByRole('button', { name: 'Choisir un fichier' })).toBeInTheDocument();
  });

  it('has a screen for every path of the route table, and no path outside it', () => {
    const paths = (routes: readonly RouteObject[]): string[] =>
      routes.flatMap((route) => [...(route.path ? [route.path] : []), ...paths(route.children ?? [])]);
    const served = paths(appRoutes).filter((path) => path !== '*');
    expect([...served].sort()).toEqual(SCREEN_ROUTES.map((route) => route.path).sort());
  });

  it('keeps a participant with a pending code on the confirmation page', async () => {
    signIn(['ROLE_PARTICIPANT'], { doubleAuthentificationConfirmee: false });
    // The code page asks which ways through the account has: here the text message, already sent.
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) =>
        String(input) === '/api/oauth/doubleAuthentification/methodes'
          ? new Response(
              JSON.stringify({
                methodes: ['sms'],
                tel: '•• 12',
                smsEnvoye: true,
                enrolementRequis: false,
                facteurDemande: false,
              }),
              { status: 200, headers: { 'Content-Type': 'application/json' } },
            )
          : new Response('{}', { status: 404, headers: { 'Content-Type': 'application/json' } }),
      ),
    );
    const router = visit('/home');
    expect(await screen.findByRole('heading', { name: 'Confirmation de connexion' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/user/confirm');
    expect(screen.queryByRole('navigation', { name: 'Menu principal' })).not.toBeInTheDocument();
    expect(await screen.findByText(/envoyé par SMS au •• 12/)).toBeInTheDocument();
    vi.unstubAllGlobals();
  });

  it('shows an unknown path as a resource not found', async () => {
    visit('/nulle-part');
    expect(await screen.findByRole('heading', { name: 'Ressource non trouvée' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Retour à la connexion' })).toHaveAttribute('href', '/login');
  });

  it('keeps the top bar and the menu around a resource not found once signed in', async () => {
    signIn(['ROLE_CORRESPONDANT'], { nomComplet: 'Claire Dupont' });
    visit('/nulle-part');
    expect(await screen.findByRole('heading', { name: 'Ressource non trouvée' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: "Retour à l'accueil" })).toHaveAttribute('href', '/home');
    expect(screen.getByRole('button', { name: 'Claire Dupont' })).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Afficher ou masquer le menu' }));
    expect(screen.getByRole('navigation', { name: 'Menu principal' })).toHaveTextContent(
      'Liste des participants',
    );
  });

  it('shows a resource not found without the menu before the code is confirmed', async () => {
    signIn(['ROLE_PARTICIPANT'], { doubleAuthentificationConfirmee: false });
    visit('/nulle-part');
    expect(await screen.findByRole('heading', { name: 'Ressource non trouvée' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Afficher ou masquer le menu' })).not.toBeInTheDocument();
  });

  it('shows an administrator what they can do, with the links of their menu', async () => {
    signIn(['ROLE_ADMIN'], { nomComplet: 'Alice Admin', canShowListeCorrespondant: true });
    visit('/home');
    const card = await screen.findByRole('region', { name: 'Votre espace administrateur' });
    expect(within(card).getByRole('link', { name: /changer votre mot de passe/ })).toHaveAttribute(
      'href',
      '/participant/mescoordonnees',
    );
    expect(
      within(card).getByRole('link', { name: 'Lire la politique de protection des données' }),
    ).toHaveAttribute('href', '/politiqueProtectionDonnees');
    expect(
      within(card).getByRole('link', { name: 'Consulter la liste des correspondants' }),
    ).toBeInTheDocument();
    expect(
      within(card).getByRole('link', { name: 'Lire les fiches conseils du centre' }),
    ).toBeInTheDocument();
  }, 15_000);
});

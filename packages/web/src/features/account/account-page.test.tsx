import type { Role } from '@portail/contract/roles';
import type { SessionUser } from '@portail/contract/schemas/auth';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Providers } from '../../app/providers';
import { storeToken, storeUser } from '../../lib/session-store';
import { makeUser } from '../../test/users';
import { AccountPage } from './account-page';

vi.setConfig({ testTimeout: 20_000 });
vi.mock('../../lib/notify', () => import('../../test/notify-stub'));

const account = {
  id: 7,
  username: 'jeanne.martin',
  nom: 'MARTIN',
  prenom: 'Jeanne',
  email: 'jeanne.martin@example.fr',
  portable: '06 12 34 56 78',
  role: 'ROLE_CORRESPONDANT',
  typeuser: 'CORRESPONDANT',
  actif: true,
  dateCreation: '2025-01-02T08:00:00.000Z',
  dateModification: '2025-01-02T08:00:00.000Z',
  dateConnexion: '2026-03-09',
  heureConnexion: '07:05',
  etablissement: { id: 3, raisonsociale: 'Acme – Siège' },
  entrepriseInsee: null,
  participant: null,
  enAttente: { email: null, portable: null },
};

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { headers: { 'Content-Type': 'application/json' } });

const NEW_MOBILE = '06 99 88 77 66';

/** The contact change of a new mobile: saved, waiting for its code, then confirmed. */
function contactChangeReplies(path: string): Response | null {
  if (path.startsWith('/api/user/verifIfPortableCorrecte/')) return json(true);
  if (path === '/api/user/contact/confirmation')
    return json({
      ciemException: { messages: [{ level: 'INFO', errorCode: 'coordonnees.confirmation.appliquee' }] },
      enAttente: { email: null, portable: null },
    });
  return null;
}

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const path = String(input);
      if (path === '/api/user' && init?.method === 'POST')
        return json({
          ciemException: { messages: [{ level: 'INFO', errorCode: 'coordonnees.confirmation.envoyee' }] },
          enAttente: { email: null, portable: NEW_MOBILE },
        });
      return (
        contactChangeReplies(path) ??
        json(path.startsWith('/api/etablissements-correspondant') ? [] : account)
      );
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

function visit(roles: Role[], overrides: Partial<SessionUser> = {}) {
  storeToken(
    {
      access_token: 'a.b.c',
      refresh_token: 'r',
      token_type: 'bearer',
      expires_in: 900,
      tel: '',
      confirmationRequise: false,
    },
    roles.includes('ROLE_CORRESPONDANT'),
  );
  storeUser(makeUser(roles, overrides));
  const router = createMemoryRouter([{ path: '/mescoordonnees', element: <AccountPage /> }], {
    initialEntries: ['/mescoordonnees'],
  });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <Providers>
        <RouterProvider router={router} />
      </Providers>
    </QueryClientProvider>,
  );
  return router;
}

const tabNames = () =>
  within(screen.getByRole('tablist', { name: 'Rubriques de mes coordonnées' }))
    .getAllByRole('tab')
    .map((tab) => tab.textContent);

describe('personal details tabs (docs/personal-details.md#tabs)', () => {
  it('gives a participant their record first, then personal information, notifications, professional information, security and my data', () => {
    visit(['ROLE_PARTICIPANT']);
    expect(tabNames()).toEqual([
      'Mon dossier',
      'Informations personnelles',
      'Notifications',
      'Informations professionnelles',
      'Sécurité',
      'Mes données',
    ]);
    // "Mes informations" and "Mes coordonnées" are one place (issue 18): the record opens first.
    expect(screen.getByRole('tab', { name: 'Mon dossier' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel')).toHaveTextContent(/Les informations de votre dossier au centre/);
  });

  it('gives an establishment correspondant professional information and the address, no establishments', () => {
    visit(['ROLE_CORRESPONDANT'], { correspondantEtablissement: true });
    expect(tabNames()).toEqual(['Informations professionnelles', 'Notifications', 'Adresse', 'Sécurité']);
  });

  it.each([[{ correspondantEntreprise: true }], [{ correspondantGroupement: true }]])(
    'gives other correspondants the establishments tab too (%o)',
    (flags) => {
      visit(['ROLE_CORRESPONDANT'], flags);
      expect(tabNames()).toEqual([
        'Informations professionnelles',
        'Notifications',
        'Adresse',
        'Établissements',
        'Sécurité',
      ]);
    },
  );

  it('gives the centre’s staff their sessions alone', () => {
    visit(['ROLE_OPERATOR']);
    expect(tabNames()).toEqual(['Sécurité']);
  });

  it('keeps the tab chosen in the address and shows the professional contact of a correspondant', async () => {
    const router = visit(['ROLE_CORRESPONDANT'], { correspondantGroupement: true });
    expect(await screen.findByRole('region', { name: 'Mes coordonnées professionnelles' })).toBeVisible();
    expect(screen.getByRole('textbox', { name: 'Adresse mail' })).toHaveValue('jeanne.martin@example.fr');
    expect(screen.getByText('Acme – Siège (n° 3)')).toBeVisible();
    await userEvent.setup({ delay: null }).click(screen.getByRole('tab', { name: 'Établissements' }));
    expect(router.state.location.search).toBe('?onglet=etablissements');
    expect(screen.getByRole('tab', { name: 'Établissements' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel')).toHaveAttribute(
      'aria-labelledby',
      screen.getByRole('tab', { name: 'Établissements' }).id,
    );
  });
});

describe('after a confirmed change of mobile', () => {
  async function changeMobile(section: string, tab?: string) {
    const user = userEvent.setup({ delay: null });
    // A participant's details open on their record: the contact details are one tab on.
    if (tab) await user.click(screen.getByRole('tab', { name: tab }));
    const region = await screen.findByRole('region', { name: section });
    await user.click(within(region).getByRole('button', { name: 'Modifier' }));
    const mobile = within(region).getByRole('textbox', { name: 'Téléphone portable' });
    await user.clear(mobile);
    await user.type(mobile, NEW_MOBILE);
    await user.type(within(region).getByLabelText(/^Mot de passe actuel/), 'Portail#2026');
    await user.click(within(region).getByRole('button', { name: 'Enregistrer' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirmer la nouvelle coordonnée' });
    await user.type(within(dialog).getByRole('textbox', { name: /Code reçu par SMS/ }), '123456');
    await user.click(within(dialog).getByRole('button', { name: 'Confirmer' }));
    return screen.findByRole('alertdialog', { name: 'Coordonnées enregistrées' });
  }

  it('tells a participant the sign-in code will go to the saved mobile', async () => {
    visit(['ROLE_PARTICIPANT']);
    const saved = await changeMobile('Mes coordonnées personnelles', 'Informations personnelles');
    expect(saved).toHaveTextContent('le code de connexion sera envoyé au numéro de portable enregistré');
  });

  it('does not tell a correspondant, who has no code step, that a code will go to their mobile', async () => {
    visit(['ROLE_CORRESPONDANT'], { correspondantGroupement: true });
    const saved = await changeMobile('Mes coordonnées professionnelles');
    expect(saved).toHaveTextContent('reconnectez-vous ensuite avec votre identifiant et votre mot de passe');
    expect(saved).not.toHaveTextContent(/code de connexion|portable/);
  });
});

import type { Role } from '@portail/contract/roles';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Providers } from '../../app/providers';
import { storeToken, storeUser } from '../../lib/session-store';
import { centreFixture } from '../../test/centre-fixture';
import { notify } from '../../test/notify-stub';
import { makeUser } from '../../test/users';
import { assistanceKeys } from './api/assistance-keys';
import { AssistancePage } from './assistance-page';

vi.setConfig({ testTimeout: 20_000 });
vi.mock('../../lib/notify', () => import('../../test/notify-stub'));

const centre = centreFixture({
  contacts: [
    { service: 'rendezVous', email: 'rdv@lyon.example' },
    { service: 'protectionDonnees', email: 'dpo@lyon.example' },
  ],
});

const manager = {
  name: 'Paul Durand',
  telephone: '01 40 00 00 01',
  email: 'p.durand@centre.example',
  standard: false,
};

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

interface Server {
  centre?: () => Response;
  manager?: () => Response;
}

/** Stubs `fetch` for the centre and the manager; returns the URLs asked for. */
function fakeServer(server: Server = {}): string[] {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = String(input);
      calls.push(url);
      if (url.startsWith('/api/centre')) return server.centre?.() ?? json(centre);
      if (url.startsWith('/api/getGestionnaire')) return server.manager?.() ?? json(manager);
      return json({}, 404);
    }),
  );
  return calls;
}

function signInAs(roles: Role[]) {
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
  storeUser(makeUser(roles));
}

/** The query client of the page last visited. */
let queryClient: QueryClient;

function visit(path: '/assistance' | '/Assistance') {
  const router = createMemoryRouter(
    [
      { path: '/assistance', caseSensitive: true, element: <AssistancePage /> },
      { path: '/Assistance', caseSensitive: true, element: <AssistancePage /> },
    ],
    { initialEntries: [path] },
  );
  queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <Providers>
        <RouterProvider router={router} />
      </Providers>
    </QueryClientProvider>,
  );
  return userEvent.setup({ delay: null });
}

const section = (name: string) => screen.findByRole('region', { name });
const managerAsked = (calls: string[]) => calls.some((url) => url.startsWith('/api/getGestionnaire'));

afterEach(() => vi.unstubAllGlobals());

describe('assistance page (docs/assistance.md#signed-in-and-public)', () => {
  // First: the centre is fetched once per page load, and a failure is forgotten so Retry asks again.
  it('offers to retry when the centre cannot be loaded', async () => {
    let fail = true;
    fakeServer({ centre: () => (fail ? json({ message: 'boom' }, 500) : json(centre)) });
    const user = visit('/Assistance');
    expect(await screen.findByText("Les coordonnées du centre n'ont pas pu être chargées.")).toBeVisible();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Réessayer' }));
    expect(await section('Contact par e-mail')).toBeVisible();
  });

  it('lists every department with its translated name and a mailto link, then the helpline', async () => {
    fakeServer();
    visit('/Assistance');
    expect(screen.getByRole('heading', { level: 1, name: 'Assistance' })).toBeVisible();
    const contacts = await section('Contact par e-mail');
    expect(within(contacts).getByText('Rendez-vous')).toBeVisible();
    expect(within(contacts).getByRole('link', { name: 'rdv@lyon.example' })).toHaveAttribute(
      'href',
      'mailto:rdv@lyon.example',
    );
    expect(within(contacts).getByText('Délégué à la protection des données')).toBeVisible();
    expect(within(contacts).getByRole('link', { name: 'dpo@lyon.example' })).toHaveAttribute(
      'href',
      'mailto:dpo@lyon.example',
    );

    const helpline = screen.getByRole('region', { name: 'Assistance téléphonique' });
    expect(within(helpline).getByRole('link', { name: '04 72 00 00 00' })).toHaveAttribute(
      'href',
      'tel:0472000000',
    );
    expect(helpline).toHaveTextContent('du lundi au vendredi, de 7 h 30 à 18 h');
    expect(within(helpline).getByText(/^(Ouvert|Fermé) en ce moment$/)).toBeVisible();

    const headings = screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent);
    expect(headings).toEqual(['Contact par e-mail', 'Assistance téléphonique', 'Accès au centre']);
  });

  it('gives the address and the OpenStreetMap link, and loads no map before it is asked for', async () => {
    fakeServer();
    const user = visit('/Assistance');
    const access = await section('Accès au centre');
    expect(access).toHaveTextContent('12 avenue du Parc, 69003 Lyon, France');
    expect(
      within(access).getByRole('link', {
        name: "Ouvrir dans OpenStreetMap (s'ouvre dans une nouvelle fenêtre)",
      }),
    ).toHaveAttribute('href', 'https://www.openstreetmap.org/?mlat=45.76&mlon=4.85#map=19/45.76/4.85');
    expect(screen.queryByRole('region', { name: "Carte de l'accès au centre" })).toBeNull();

    await user.click(within(access).getByRole('button', { name: 'Afficher la carte' }));
    // Leaflet loads with the map only.
    expect(
      await screen.findByRole('region', { name: "Carte de l'accès au centre" }, { timeout: 10_000 }),
    ).toBeInTheDocument();
    expect(sessionStorage.getItem('portail.assistance.map')).toBe('shown');
    expect(within(access).queryByRole('button', { name: 'Afficher la carte' })).toBeNull();
  });

  it("shows a correspondant's manager with name, telephone and e-mail", async () => {
    const calls = fakeServer();
    signInAs(['ROLE_CORRESPONDANT']);
    visit('/assistance');
    const block = await section('Votre gestionnaire');
    expect(block).toHaveTextContent('Paul Durand');
    expect(within(block).getByRole('link', { name: '01 40 00 00 01' })).toHaveAttribute(
      'href',
      'tel:0140000001',
    );
    expect(within(block).getByRole('link', { name: 'p.durand@centre.example' })).toHaveAttribute(
      'href',
      'mailto:p.durand@centre.example',
    );
    expect(managerAsked(calls)).toBe(true);
    const headings = screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent);
    expect(headings).toEqual([
      'Contact par e-mail',
      'Assistance téléphonique',
      'Votre gestionnaire',
      'Accès au centre',
    ]);
  });

  it('never asks for a manager for a participant', async () => {
    const calls = fakeServer();
    signInAs(['ROLE_PARTICIPANT']);
    visit('/assistance');
    expect(await section('Accès au centre')).toBeVisible();
    expect(screen.queryByRole('heading', { name: 'Votre gestionnaire' })).toBeNull();
    expect(managerAsked(calls)).toBe(false);
  });

  it('never asks for a manager on the public page, even signed in as a correspondant', async () => {
    const calls = fakeServer();
    signInAs(['ROLE_CORRESPONDANT']);
    visit('/Assistance');
    expect(await section('Accès au centre')).toBeVisible();
    expect(managerAsked(calls)).toBe(false);
  });

  it.each([
    ['no manager', () => json(null)],
    ['a failure', () => json({ message: 'boom' }, 500)],
  ])('shows no manager block for %s, and the rest of the page', async (_case, reply) => {
    const calls = fakeServer({ manager: reply });
    notify.mockClear();
    signInAs(['ROLE_CORRESPONDANT']);
    visit('/assistance');
    expect(await section('Accès au centre')).toBeVisible();
    await vi.waitFor(() => expect(managerAsked(calls)).toBe(true));
    // The manager's answer has arrived once its query settles; its observers are told on a zero-delay
    // timer, which this one follows, and act then renders what they changed.
    await vi.waitFor(() =>
      expect(queryClient.getQueryState(assistanceKeys.manager())?.status).not.toBe('pending'),
    );
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    expect(screen.queryByRole('heading', { name: 'Votre gestionnaire' })).toBeNull();
    expect(screen.getByRole('region', { name: 'Contact par e-mail' })).toBeVisible();
    expect(notify).not.toHaveBeenCalled();
  });
});

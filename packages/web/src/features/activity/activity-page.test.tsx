import type { ActivityEntry, ActivityList } from '@portail/contract/schemas/activity';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Providers } from '../../app/providers';
import { changeLanguage } from '../../lib/i18n';
import { storeToken, storeUser } from '../../lib/session-store';
import { makeUser } from '../../test/users';
import { ActivityPage } from './activity-page';

vi.setConfig({ testTimeout: 20_000 });
vi.mock('../../lib/notify', () => import('../../test/notify-stub'));

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const base = {
  actor: { kind: 'self', role: null, name: null, pseudonym: false },
  browser: null,
  documents: [],
  documentCount: 0,
  recipientDomain: null,
  fields: [],
  staffAction: null,
} satisfies Omit<ActivityEntry, 'id' | 'at' | 'kind'>;

const ENTRIES: ActivityEntry[] = [
  { ...base, id: 9, at: '2026-11-28T09:15:00.000Z', kind: 'signIn', browser: 'Firefox 128 · Windows 10' },
  {
    ...base,
    id: 8,
    at: '2026-11-28T09:16:00.000Z',
    kind: 'documentViewed',
    documents: ['Bilan sanguin'],
    documentCount: 1,
  },
  {
    ...base,
    id: 7,
    at: '2026-11-28T09:17:00.000Z',
    kind: 'documentsSent',
    documents: ['Bilan sanguin'],
    documentCount: 2,
    recipientDomain: 'gmail.com',
  },
  {
    ...base,
    id: 6,
    at: '2026-11-27T10:00:00.000Z',
    kind: 'recordChanged',
    actor: { kind: 'correspondant', role: null, name: 'DUPONT Jean', pseudonym: false },
    fields: ['address', 'mobile'],
  },
  {
    ...base,
    id: 5,
    at: '2026-11-26T10:00:00.000Z',
    kind: 'recordChanged',
    actor: { kind: 'system', role: null, name: null, pseudonym: false },
    fields: ['email'],
  },
  {
    ...base,
    id: 4,
    at: '2026-11-25T10:00:00.000Z',
    kind: 'staffAction',
    staffAction: 'ACCOUNT_VIEWED',
    actor: { kind: 'staff', role: 'operator', name: 'A7K2', pseudonym: true },
  },
  {
    ...base,
    id: 3,
    at: '2026-11-24T10:00:00.000Z',
    kind: 'documentPublished',
    actor: { kind: 'system', role: null, name: null, pseudonym: false },
    documents: ['Compte rendu'],
    documentCount: 1,
  },
];

/** Stubs `fetch` for the activity call; returns the URLs asked for. */
function fakeServer(reply: (url: URL) => Response): URL[] {
  const calls: URL[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(String(input), 'http://portal.test');
      calls.push(url);
      return url.pathname === '/api/participant/activite' ? reply(url) : json({}, 404);
    }),
  );
  return calls;
}

const list = (items: ActivityEntry[], totalRows = items.length): ActivityList => ({
  items,
  totalRows,
  subTotal: items.length,
});

function visit(path = '/participant/monActivite') {
  storeToken(
    {
      access_token: 'a.b.c',
      refresh_token: 'r',
      token_type: 'bearer',
      expires_in: 900,
      tel: '',
      confirmationRequise: false,
    },
    false,
  );
  storeUser(makeUser(['ROLE_PARTICIPANT']));
  const router = createMemoryRouter([{ path: '/participant/monActivite', element: <ActivityPage /> }], {
    initialEntries: [path],
  });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <Providers>
        <RouterProvider router={router} />
      </Providers>
    </QueryClientProvider>,
  );
  return userEvent.setup({ delay: null });
}

afterEach(async () => {
  vi.unstubAllGlobals();
  await changeLanguage('fr_FR', false);
});

describe('My activity page (docs/activity.md#screen)', () => {
  it('tells each event as a sentence with its date, in French', async () => {
    fakeServer(() => json(list(ENTRIES)));
    visit();
    expect(screen.getByRole('heading', { level: 1, name: 'Mon activité' })).toBeVisible();
    await screen.findByText('Document « Bilan sanguin » consulté');
    const items = within(screen.getByRole('list', { name: 'Votre activité' })).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'Connexion à votre compte depuis Firefox 128 sur Windows 1028/11/2026 10:15',
      'Document « Bilan sanguin » consulté28/11/2026 10:16',
      '2 documents envoyés à une adresse @gmail.com : « Bilan sanguin », 1 document retiré depuis28/11/2026 10:17',
      'Votre correspondant DUPONT Jean a modifié : adresse, téléphone portable27/11/2026 11:00',
      'Le centre (système) a modifié : adresse e-mail26/11/2026 11:00',
      'Opérateur du centre · A7K2 a consulté votre compte25/11/2026 11:00',
      'Un document a été mis à votre disposition : « Compte rendu »24/11/2026 11:00',
    ]);
  });

  it('asks the server for one family of events and the first page when the filter changes', async () => {
    const calls = fakeServer((url) =>
      json(list(url.searchParams.get('type') === 'staff' ? ENTRIES.slice(5, 6) : ENTRIES)),
    );
    const user = visit();
    await screen.findByText('Document « Bilan sanguin » consulté');
    await user.click(screen.getByRole('combobox', { name: 'Afficher' }));
    await user.click(screen.getByRole('option', { name: 'Actions du centre sur votre compte' }));
    expect(await screen.findByText('Opérateur du centre · A7K2 a consulté votre compte')).toBeVisible();
    expect(screen.queryByText('Document « Bilan sanguin » consulté')).toBeNull();
    const last = calls.at(-1);
    expect(last?.searchParams.get('type')).toBe('staff');
    expect(last?.searchParams.get('page')).toBe('0');
  });

  it('pages through a long activity', async () => {
    const calls = fakeServer((url) =>
      json(list(url.searchParams.get('page') === '1' ? ENTRIES.slice(3) : ENTRIES.slice(0, 3), 23)),
    );
    const user = visit();
    expect(await screen.findByText('1–20 sur 23')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Page suivante' }));
    expect(await screen.findByText('21–23 sur 23')).toBeVisible();
    expect(calls.at(-1)?.searchParams.get('page')).toBe('1');
  });

  it('moves a page past the end to the last page, with a pager that counts what it shows', async () => {
    const calls = fakeServer((url) => {
      const page = Number(url.searchParams.get('page'));
      // The server answers a page past the end with no item and the true total (docs/activity.md).
      return json(list(page === 1 ? ENTRIES.slice(0, 3) : [], 23));
    });
    visit('/participant/monActivite?page=9999');
    expect(
      await screen.findByText('Connexion à votre compte depuis Firefox 128 sur Windows 10'),
    ).toBeVisible();
    expect(screen.getByText('21–23 sur 23')).toBeVisible();
    expect(screen.queryByText('Aucune activité à afficher pour le moment.')).toBeNull();
    expect(calls.map((url) => url.searchParams.get('page'))).toEqual(['9999', '1']);
  });

  it('moves a page past the end of an empty activity to the first page', async () => {
    const calls = fakeServer(() => json(list([])));
    visit('/participant/monActivite?page=12');
    expect(await screen.findByText('Aucune activité à afficher pour le moment.')).toBeVisible();
    expect(calls.at(-1)?.searchParams.get('page')).toBe('0');
    expect(screen.queryByText(/sur 0/)).toBeNull();
  });

  it('tells a password sign-in without its code apart, and the archive of one’s data', async () => {
    fakeServer(() =>
      json(
        list([
          {
            ...base,
            id: 21,
            at: '2026-11-29T05:53:00.000Z',
            kind: 'signInUnconfirmed',
            browser: 'Chrome 131 · Linux',
          },
          { ...base, id: 20, at: '2026-11-29T05:50:00.000Z', kind: 'dataArchiveBuilt' },
        ]),
      ),
    );
    visit();
    expect(
      await screen.findByText(
        'Mot de passe saisi depuis Chrome 131 sur Linux, code de connexion non confirmé',
      ),
    ).toBeVisible();
    expect(screen.getByText('Vous avez téléchargé l’archive de vos données (« Mes données »)')).toBeVisible();
  });

  it('says when there is nothing to show', async () => {
    fakeServer(() => json(list([])));
    visit('/participant/monActivite?type=published');
    expect(await screen.findByText('Aucune activité de ce type.')).toBeVisible();
  });

  it('offers to retry when the activity cannot be loaded', async () => {
    fakeServer(() => json({ message: 'boom' }, 500));
    visit();
    expect(await screen.findByText(/Votre activité n'a pas pu être chargée\./)).toBeVisible();
  });

  it('reads in English', async () => {
    await changeLanguage('en_EN', false);
    fakeServer(() => json(list(ENTRIES.slice(2, 4))));
    visit();
    expect(
      await screen.findByText(
        '2 documents sent to an @gmail.com address: “Bilan sanguin”, 1 document since withdrawn',
      ),
    ).toBeVisible();
    expect(screen.getByText('Your correspondant DUPONT Jean changed: address, mobile phone')).toBeVisible();
  });

  it('tells a sign-in whose code was not confirmed in English', async () => {
    await changeLanguage('en_EN', false);
    fakeServer(() =>
      json(
        list([{ ...base, id: 21, at: '2026-11-29T05:53:00.000Z', kind: 'signInUnconfirmed', browser: null }]),
      ),
    );
    visit();
    expect(await screen.findByText('Password entered, sign-in code not confirmed')).toBeVisible();
  });
});

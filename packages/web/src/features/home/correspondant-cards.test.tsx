import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearSession, storeToken, storeUser } from '../../lib/session-store';
import { makeUser } from '../../test/users';
import { AttachmentCard } from './attachment-card';
import { HOME_CARDS } from './home-cards';
import { TransfersCard } from './transfers-card';

afterEach(() => {
  vi.unstubAllGlobals();
});

function serveHome() {
  const body = {
    profil: 'CORRESPONDANT',
    premiereConnexion: false,
    derniereConnexion: null,
    etablissementRattachement: { id: 7, raisonsociale: 'Durand SA – Lyon' },
    entrepriseRattachement: { id: 3, raisonsociale: 'Durand SA' },
    groupementRattachement: null,
    nbMutationsEntrantes: 1,
    nbMutationsSortantes: 4,
  };
  const fetchMock = vi.fn(
    async (_input: RequestInfo | URL) =>
      new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } }),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

describe('correspondant home cards', () => {
  it('show the attachment and the transfers in progress, from one call', async () => {
    const fetchMock = serveHome();
    render(
      <QueryClientProvider client={new QueryClient()}>
        <MemoryRouter>
          <AttachmentCard />
          <TransfersCard />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    expect(await screen.findByText('Durand SA – Lyon (n° 7)')).toBeInTheDocument();
    expect(screen.getByText('Durand SA (n° 3)')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Mon rattachement' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '1 mutation entrante' })).toHaveAttribute('href', '/mutation');
    expect(screen.getByRole('link', { name: '4 mutations sortantes' })).toHaveAttribute('href', '/mutation');
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe('/api/get-detail-accueil?langue=fr_FR');
  });

  it("lead an establishment correspondant to the list filtered on each card's direction", async () => {
    serveHome();
    storeToken(
      {
        access_token: 'a.b.c',
        refresh_token: 'r',
        token_type: 'bearer',
        expires_in: 900,
        tel: '•• 12',
        confirmationRequise: false,
      },
      true,
    );
    storeUser(makeUser(['ROLE_CORRESPONDANT'], { correspondantEtablissement: true }));
    try {
      render(
        <QueryClientProvider client={new QueryClient()}>
          <MemoryRouter>
            <TransfersCard />
          </MemoryRouter>
        </QueryClientProvider>,
      );
      expect(await screen.findByRole('link', { name: '1 mutation entrante' })).toHaveAttribute(
        'href',
        '/mutation?entrantes=true',
      );
      expect(screen.getByRole('link', { name: '4 mutations sortantes' })).toHaveAttribute(
        'href',
        '/mutation?sortantes=true',
      );
    } finally {
      clearSession(null);
    }
  });

  it('are for correspondants only, the check-up and record cards for participants', () => {
    const ids = (user: ReturnType<typeof makeUser>) =>
      HOME_CARDS.filter((card) => card.visible(user)).map((card) => card.id);
    expect(ids(makeUser(['ROLE_CORRESPONDANT']))).toEqual(['last-connection', 'attachment', 'transfers']);
    expect(ids(makeUser(['ROLE_PARTICIPANT']))).toEqual(['last-connection', 'checkup', 'medical-record']);
    expect(ids(makeUser(['ROLE_PARTICIPANT'], { dmcAccepte: true }))).toEqual([
      'last-connection',
      'checkup',
      'new-documents',
    ]);
  });
});

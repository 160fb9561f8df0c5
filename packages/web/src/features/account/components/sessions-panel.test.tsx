import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Providers } from '../../../app/providers';
import { SessionsPanel } from './sessions-panel';

vi.setConfig({ testTimeout: 20_000 });
vi.mock('../../../lib/notify', () => import('../../../test/notify-stub'));

const HERE = '6f1c2a3b-4d5e-4f60-8a7b-9c0d1e2f3a4b';
const LAPTOP = '0b9a5b0e-3c1e-4c57-9d3a-0f8c1d2e3f40';
const PHONE = '2c4e6a8b-1d3f-4a5b-8c7d-9e0f1a2b3c4d';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

let open: { id: string; navigateur: string | null; courante: boolean; codeEnAttente: boolean }[];
const calls: string[] = [];

beforeEach(() => {
  open = [
    { id: HERE, navigateur: 'Chrome 142 · Linux', courante: true, codeEnAttente: false },
    { id: LAPTOP, navigateur: 'Firefox 145 · Windows 10', courante: false, codeEnAttente: false },
    { id: PHONE, navigateur: null, courante: false, codeEnAttente: true },
  ];
  calls.length = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const path = String(input);
      const method = init?.method ?? 'GET';
      calls.push(`${method} ${path}`);
      if (path === '/api/user/sessions' && method === 'GET')
        return json({
          items: open.map((session) => ({
            ...session,
            ouverteLe: '2026-11-28T08:15:00.000Z',
            derniereActivite: '2026-11-29T09:40:00.000Z',
            adresseIp: '203.0.113.7',
          })),
        });
      if (path.startsWith('/api/user/sessions/') && method === 'DELETE') {
        const id = path.split('/').pop();
        open = open.filter((session) => session.id !== id);
        return json({
          terminees: 1,
          ciemException: { messages: [{ level: 'INFO', errorCode: 'sessions.terminee' }] },
        });
      }
      if (path === '/api/user/sessions/autres/fin') {
        const ended = open.filter((session) => !session.courante).length;
        open = open.filter((session) => session.courante);
        return json({
          terminees: ended,
          ciemException: {
            messages: [{ level: 'INFO', errorCode: 'sessions.autresTerminees', args: [String(ended)] }],
          },
        });
      }
      return json({}, 404);
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

function show() {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <Providers>
        <SessionsPanel />
      </Providers>
    </QueryClientProvider>,
  );
}

describe('open sessions (docs/sign-in-and-sessions.md#your-sessions)', () => {
  it('lists each session with its browser and Paris times, marks this one and offers no button to end it', async () => {
    show();
    const list = await screen.findByRole('list', { name: 'Vos sessions' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(3);
    expect(items[0]).toHaveTextContent('Chrome 142 · Linux');
    expect(items[0]).toHaveTextContent('Cette session');
    expect(items[0]).toHaveTextContent('Ouverte le 28/11/2026 à 09:15');
    expect(items[0]).toHaveTextContent('Dernière activité le 29/11/2026 à 10:40');
    expect(within(items[0] as HTMLElement).queryByRole('button')).toBeNull();
    expect(items[2]).toHaveTextContent('Navigateur inconnu');
    expect(items[1]).toHaveTextContent('Adresse réseau : 203.0.113.7');
  });

  it('marks a session still waiting for its sign-in code, and only that one', async () => {
    show();
    const items = within(await screen.findByRole('list', { name: 'Vos sessions' })).getAllByRole('listitem');
    expect(items[2]).toHaveTextContent('En attente du code de connexion');
    expect(items[0]).not.toHaveTextContent('En attente du code de connexion');
    expect(items[1]).not.toHaveTextContent('En attente du code de connexion');
  });

  it('ends one session by its named button, tells it and moves the focus to the message', async () => {
    show();
    const user = userEvent.setup({ delay: null });
    await user.click(
      await screen.findByRole('button', {
        name: 'Fermer la session Firefox 145 · Windows 10, Ouverte le 28/11/2026 à 09:15',
      }),
    );
    expect(calls).toContain(`DELETE /api/user/sessions/${LAPTOP}`);
    const status = await screen.findByRole('status');
    await waitFor(() => expect(status).toHaveTextContent('La session a été fermée.'));
    expect(status).toHaveFocus();
    await waitFor(() => expect(screen.queryByText('Firefox 145 · Windows 10')).toBeNull());
  });

  it('ends all the others after a confirmation, then says no other session is open', async () => {
    show();
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Fermer toutes les autres sessions' }));
    const dialog = await screen.findByRole('dialog', { name: 'Fermer les autres sessions ?' });
    expect(dialog).toHaveTextContent('Les 2 autres sessions ouvertes seront fermées');
    await user.click(within(dialog).getByRole('button', { name: 'Fermer toutes les autres sessions' }));
    expect(await screen.findByText('Sessions fermées : 2. Seule celle-ci reste ouverte.')).toBeVisible();
    expect(await screen.findByText('Aucune autre session n’est ouverte sur votre compte.')).toBeVisible();
    expect(calls).toContain('POST /api/user/sessions/autres/fin');
  });
});

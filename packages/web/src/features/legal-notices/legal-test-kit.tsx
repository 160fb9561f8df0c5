import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import { Providers } from '../../app/providers';
import { storeToken, storeUser } from '../../lib/session-store';
import { makeUser } from '../../test/users';

/** Test kit of the legal pages: a fake `GET /api/centre`, a signed-in user, a page in a memory router. */

export const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** Stubs `fetch`; returns the URLs asked for. */
export function fakeCentreServer(reply: (url: string) => Response): string[] {
  const urls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = String(input);
      urls.push(url);
      return reply(url);
    }),
  );
  return urls;
}

export function signInAs(...args: Parameters<typeof makeUser>) {
  storeToken(
    {
      access_token: 'a.b.c',
      refresh_token: 'r',
      token_type: 'bearer',
      expires_in: 900,
      tel: '•• 12',
      confirmationRequise: false,
    },
    false,
  );
  storeUser(makeUser(...args));
}

/** `element` at `path`, with a query cache that does not retry; other paths show their own name. */
export function renderPage(path: string, element: ReactNode) {
  const router = createMemoryRouter(
    [
      { path, element },
      { path: '*', element: <p>elsewhere</p> },
    ],
    { initialEntries: [path] },
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <Providers>
        <RouterProvider router={router} />
      </Providers>
    </QueryClientProvider>,
  );
  return { user: userEvent.setup({ delay: null }), router };
}

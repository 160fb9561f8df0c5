import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { createMemoryRouter, type RouteObject, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import { Providers } from '../../app/providers';

/** Test kit of the recovery screens: a fake server and the screens in a memory router. */

vi.setConfig({ testTimeout: 20_000 });

export interface Call {
  url: string;
  body: unknown;
}

export const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });

/** Stubs `fetch`: every call is recorded (URL with the API prefix, parsed JSON body), `reply` answers it. */
export function fakeServer(reply: (url: string) => Response): Call[] {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      calls.push({ url, body: typeof init?.body === 'string' ? JSON.parse(init.body) : null });
      return reply(url);
    }),
  );
  return calls;
}

/**
 * The routes in a memory router at `entry`, in the app's providers; `freshQueries` gives them a query
 * client of their own that does not retry.
 */
export function renderRoutes(routes: RouteObject[], entry: string, { freshQueries = false } = {}) {
  const router = createMemoryRouter(routes, { initialEntries: [entry] });
  let tree: ReactNode = (
    <Providers>
      <RouterProvider router={router} />
    </Providers>
  );
  if (freshQueries)
    tree = (
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        {tree}
      </QueryClientProvider>
    );
  render(tree);
  return { user: userEvent.setup({ delay: null }), router };
}

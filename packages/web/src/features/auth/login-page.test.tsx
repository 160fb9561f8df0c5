import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Providers } from '../../app/providers';
import { appRoutes } from '../../app/router';
import { notify, showToast } from '../../lib/notify';
import { clearSession } from '../../lib/session-store';

vi.mock('../../lib/notify', () => ({
  notify: vi.fn(),
  showToast: vi.fn(),
  onToastNeeded: () => () => undefined,
  toasterReady: vi.fn(),
}));

beforeEach(() => {
  clearSession(null);
  vi.mocked(notify).mockClear();
  vi.mocked(showToast).mockClear();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('sign-in refused for a while (429 with Retry-After)', () => {
  it('counts the wait down on the page instead of a passing toast', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(JSON.stringify({ error: 'invalid_request', error_description: 'login.throttled' }), {
            status: 429,
            headers: { 'Content-Type': 'application/json', 'Retry-After': '125' },
          }),
      ),
    );
    render(
      <Providers>
        <RouterProvider router={createMemoryRouter(appRoutes, { initialEntries: ['/login'] })} />
      </Providers>,
    );
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/^Identifiant/), 'jdupont');
    await user.type(screen.getByLabelText(/^Mot de passe/), 'mauvais');
    await user.click(screen.getByRole('button', { name: 'Se connecter' }));
    const moving = await screen.findByText(
      /^Trop de connexions depuis cette adresse : nouvel essai possible dans 2 min 0[45] s\.$/,
      { selector: '[aria-hidden="true"]' },
    );
    expect(moving).toBeVisible();
    // Screen readers hear it once, politely, from the status region.
    await waitFor(() =>
      expect(screen.getByRole('status')).toHaveTextContent(/nouvel essai possible dans 2 min 0[45] s/),
    );
    expect(notify).not.toHaveBeenCalled();
    expect(showToast).not.toHaveBeenCalled();
  });
});

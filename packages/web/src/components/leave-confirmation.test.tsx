import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { createMemoryRouter, Link, RouterProvider } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import { ConfirmProvider } from './confirm-provider';
import { useLeaveConfirmation } from './leave-confirmation';

function EditForm() {
  const [dirty, setDirty] = useState(false);
  useLeaveConfirmation(dirty);
  return (
    <>
      <button type="button" onClick={() => setDirty(true)}>
        modifier
      </button>
      <Link to="/other">autre page</Link>
      <Link to="/login">connexion</Link>
    </>
  );
}

beforeAll(async () => {
  // The dialog is loaded on first use; have it ready so the test does not race the import.
  await import('./confirm-dialog');
});

function setup() {
  const router = createMemoryRouter(
    [
      { path: '/form', element: <EditForm /> },
      { path: '/other', element: <h1>Autre</h1> },
      { path: '/login', element: <h1>Connexion</h1> },
    ],
    { initialEntries: ['/form'] },
  );
  render(
    <ConfirmProvider>
      <RouterProvider router={router} />
    </ConfirmProvider>,
  );
  return { user: userEvent.setup(), router };
}

describe('leave confirmation', () => {
  it('lets an unmodified form go', async () => {
    const { user } = setup();
    await user.click(screen.getByRole('link', { name: 'autre page' }));
    expect(await screen.findByRole('heading', { name: 'Autre' })).toBeInTheDocument();
  });

  it('asks before leaving a modified form, and stays when asked to', async () => {
    const { user, router } = setup();
    await user.click(screen.getByRole('button', { name: 'modifier' }));
    await user.click(screen.getByRole('link', { name: 'autre page' }));
    const dialog = await screen.findByRole('dialog', { name: 'Quitter sans enregistrer ?' });
    expect(dialog).toHaveTextContent('Les modifications non enregistrées seront perdues.');
    await user.click(screen.getByRole('button', { name: 'Rester sur la page' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(router.state.location.pathname).toBe('/form');

    await user.click(screen.getByRole('link', { name: 'autre page' }));
    await user.click(await screen.findByRole('button', { name: 'Quitter' }));
    expect(await screen.findByRole('heading', { name: 'Autre' })).toBeInTheDocument();
  });

  it('never holds back the way to the login page', async () => {
    const { user } = setup();
    await user.click(screen.getByRole('button', { name: 'modifier' }));
    await user.click(screen.getByRole('link', { name: 'connexion' }));
    expect(await screen.findByRole('heading', { name: 'Connexion' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { loadConformityStatus } from '../../lib/centre-load';
import { clearSession } from '../../lib/session-store';
import { signInAs } from '../../test/users';
import { Providers } from '../providers';
import { SiteFooter } from './site-footer';

vi.mock('../../lib/centre-load', () => ({ loadConformityStatus: vi.fn() }));

const signIn = signInAs;

function renderFooter(path = '/login') {
  const router = createMemoryRouter([{ path: '*', element: <SiteFooter /> }], { initialEntries: [path] });
  render(
    <Providers>
      <RouterProvider router={router} />
    </Providers>,
  );
  return router;
}

const footer = () => screen.getByRole('contentinfo');
const hrefs = () =>
  within(footer())
    .getAllByRole('link')
    .map((link) => [link.textContent, link.getAttribute('href')]);

beforeEach(() => {
  clearSession(null);
  vi.mocked(loadConformityStatus).mockResolvedValue('partielle');
});

describe('site footer', () => {
  it('links a visitor to the legal notice, the accessibility status and the public assistance', async () => {
    renderFooter();
    expect(
      await within(footer()).findByRole('link', { name: 'Accessibilité : partiellement conforme' }),
    ).toBeVisible();
    expect(hrefs()).toEqual([
      ['Mentions légales', '/mentionsLegales'],
      ['Accessibilité : partiellement conforme', '/accessibilite'],
      ['Assistance', '/Assistance'],
    ]);
  });

  it.each([
    ['totale', 'Accessibilité : totalement conforme'],
    ['non', 'Accessibilité : non conforme'],
  ] as const)('words the status %s as the RGAA asks', async (statut, label) => {
    vi.mocked(loadConformityStatus).mockResolvedValue(statut);
    renderFooter();
    expect(await within(footer()).findByRole('link', { name: label })).toHaveAttribute(
      'href',
      '/accessibilite',
    );
  });

  it('says only "Accessibilité" while the centre is unknown', async () => {
    vi.mocked(loadConformityStatus).mockResolvedValue(null);
    renderFooter();
    await vi.waitFor(() => expect(loadConformityStatus).toHaveBeenCalled());
    expect(within(footer()).getByRole('link', { name: 'Accessibilité' })).toHaveAttribute(
      'href',
      '/accessibilite',
    );
  });

  it('sends a signed-in user to the signed-in assistance', async () => {
    signIn(['ROLE_CORRESPONDANT']);
    renderFooter('/home');
    await within(footer()).findByRole('link', { name: 'Accessibilité : partiellement conforme' });
    expect(hrefs().at(-1)).toEqual(['Assistance', '/assistance']);
  });

  it('keeps only the legal pages for a participant whose code is not confirmed', async () => {
    signIn(['ROLE_PARTICIPANT'], { doubleAuthentificationConfirmee: false });
    renderFooter('/user/confirm');
    await within(footer()).findByRole('link', { name: 'Accessibilité : partiellement conforme' });
    expect(hrefs().map(([, href]) => href)).toEqual(['/mentionsLegales', '/accessibilite']);
  });

  it('marks the current page and is reached with the keyboard', async () => {
    const router = renderFooter('/mentionsLegales');
    const legal = within(footer()).getByRole('link', { name: 'Mentions légales' });
    expect(legal).toHaveAttribute('aria-current', 'page');
    const user = userEvent.setup();
    await user.tab();
    expect(legal).toHaveFocus();
    await user.tab();
    await user.keyboard('{Enter}');
    expect(router.state.location.pathname).toBe('/accessibilite');
  });
});

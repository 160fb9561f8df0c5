import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LoginPage } from '../auth/login-page';
import { ChangePasswordPage, ReinitPasswordPage } from './password-link-page';
import { type Call, fakeServer, json, renderRoutes } from './recovery-fixtures';

vi.mock('../../lib/notify', () => import('../../test/notify-stub'));

let calls: Call[];
let tokenReply: () => Response;
let saveReply: () => Response;

const TOKEN = 'AbC-123_xyz';
const STRONG = 'Brume#Falaise27';

beforeEach(() => {
  tokenReply = () => json(true);
  saveReply = () =>
    json({ ciemException: { messages: [{ level: 'INFO', errorCode: 'recovery.motDePasseEnregistre' }] } });
  calls = fakeServer((url) => (url.startsWith('/api/resetPassword/token') ? tokenReply() : saveReply()));
});
afterEach(() => vi.unstubAllGlobals());

function renderPage(entry: string) {
  return renderRoutes(
    [
      { path: '/user/changePassword', element: <ChangePasswordPage /> },
      { path: '/user/reinitpassword', element: <ReinitPasswordPage /> },
      { path: '/login', element: <LoginPage /> },
    ],
    entry,
    { freshQueries: true },
  );
}

const password = () => screen.getByLabelText('Nouveau mot de passe');
const confirmation = () => screen.getByLabelText('Confirmation du mot de passe');
const save = () => screen.getByRole('button', { name: 'Enregistrer le mot de passe' });

async function expectExpired() {
  expect(await screen.findByRole('heading', { level: 1, name: 'Lien expiré' })).toBeVisible();
  expect(screen.getByText('Ce lien a expiré ou a déjà été utilisé.')).toBeVisible();
  expect(screen.getByRole('link', { name: "Retour à l'accueil" })).toHaveAttribute('href', '/');
  expect(screen.getByRole('link', { name: 'Demander un nouveau lien' })).toHaveAttribute(
    'href',
    '/forgotPassword',
  );
}

describe('reset-password link screen', () => {
  it('shows the expired card for a link without token, without asking the server', async () => {
    renderPage('/user/changePassword');
    await expectExpired();
    expect(calls).toHaveLength(0);
  });

  it('checks the token first, and shows the expired card when it is no longer valid', async () => {
    tokenReply = () => json(false);
    renderPage(`/user/changePassword?token=${TOKEN}`);
    await expectExpired();
    expect(calls).toEqual([{ url: `/api/resetPassword/token?token=${TOKEN}`, body: null }]);
  });

  it('drops the token from the address once read', async () => {
    const { router } = renderPage(`/user/changePassword?token=${TOKEN}`);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Changement de mot de passe' }),
    ).toBeVisible();
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(router.state.location.pathname).toBe('/user/changePassword');
    expect(router.state.historyAction).toBe('REPLACE');
    expect(await screen.findByLabelText('Nouveau mot de passe')).toBeVisible();
  });

  it('requires both fields, the password rules and an equal confirmation before saving', async () => {
    const { user } = renderPage(`/user/changePassword?token=${TOKEN}`);
    await screen.findByLabelText('Nouveau mot de passe');
    expect(screen.getByText(/Au moins 8 caractères dont une minuscule/)).toBeVisible();
    await user.click(save());
    expect(await screen.findAllByText('Élément obligatoire')).toHaveLength(2);
    await user.type(password(), 'motdepasse');
    await user.type(confirmation(), 'autre');
    await user.click(save());
    expect(await screen.findByText(/doit contenir au moins 8 caractères/)).toBeVisible();
    expect(screen.getByText('Les mots de passe doivent être identiques')).toBeVisible();
    expect(calls).toHaveLength(1);
  });

  it("puts the server's refusal of a weak password on the password field", async () => {
    saveReply = () =>
      json(
        {
          status: 400,
          error: 'Bad Request',
          message: 'errors.validation',
          fieldErrors: [{ field: 'password', defaultMessage: 'errors.passwordFaible' }],
        },
        400,
      );
    const { user } = renderPage(`/user/changePassword?token=${TOKEN}`);
    await screen.findByLabelText('Nouveau mot de passe');
    await user.type(password(), 'Azerty#2026');
    await user.type(confirmation(), 'Azerty#2026');
    await user.click(save());
    expect(await screen.findByText(/trop facile à deviner/)).toBeVisible();
    // The focus moves in an effect after the step renders.
    await waitFor(() => expect(password()).toHaveFocus());
  });

  it('shows the expired card when the link was spent meanwhile', async () => {
    saveReply = () =>
      json({ ciemException: { messages: [{ level: 'ERROR', errorCode: 'recovery.lienExpire' }] } }, 409);
    const { user } = renderPage(`/user/changePassword?token=${TOKEN}`);
    await screen.findByLabelText('Nouveau mot de passe');
    await user.type(password(), STRONG);
    await user.type(confirmation(), STRONG);
    await user.click(save());
    await expectExpired();
  });

  it('saves through the change mode call, then signs in again with the notice', async () => {
    const { user, router } = renderPage(`/user/changePassword?token=${TOKEN}`);
    await screen.findByLabelText('Nouveau mot de passe');
    await user.type(password(), STRONG);
    await user.type(confirmation(), STRONG);
    await user.click(save());
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(calls[1]).toEqual({
      url: '/api/savePassword',
      body: { token: TOKEN, password: STRONG, passwordConfirm: STRONG },
    });
    expect(
      await screen.findByText('Votre nouveau mot de passe est enregistré : vous pouvez vous connecter.'),
    ).toBeVisible();
  });

  it('saves through the reinit mode call', async () => {
    const { user, router } = renderPage(`/user/reinitpassword?token=${TOKEN}`);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Réinitialisation du mot de passe' }),
    ).toBeVisible();
    await screen.findByLabelText('Nouveau mot de passe');
    await user.type(password(), STRONG);
    await user.type(confirmation(), STRONG);
    await user.click(save());
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(calls[1]?.url).toBe('/api/reinitpassword');
  });
});

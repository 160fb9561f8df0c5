import { screen, waitFor } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../../lib/i18n';
import { notify } from '../../lib/notify';
import { ForgotPasswordPage } from './forgot-password-page';
import { type Call, fakeServer, json, renderRoutes } from './recovery-fixtures';

vi.mock('../../lib/notify', () => import('../../test/notify-stub'));

let calls: Call[];
let answerReply: () => Response;

const QUESTION = { id: 3, questionfr: 'Votre ville de naissance ?', questionen: 'Your city of birth?' };
const wrongAnswer = () =>
  json({ ciemException: { messages: [{ level: 'ERROR', errorCode: 'recovery.reponseIncorrecte' }] } }, 409);

beforeEach(() => {
  vi.mocked(notify).mockReset();
  answerReply = () =>
    json({ ciemException: { messages: [{ level: 'INFO', errorCode: 'recovery.mailEnvoye' }] } });
  calls = fakeServer((url) =>
    url.startsWith('/api/resetPassword/user/mail') ? json(QUESTION) : answerReply(),
  );
});
afterEach(async () => {
  vi.unstubAllGlobals();
  await changeLanguage('fr_FR', false);
});

function renderPage() {
  return renderRoutes(
    [
      { path: '/forgotPassword', element: <ForgotPasswordPage /> },
      { path: '/login', element: <p>Page de connexion</p> },
    ],
    '/forgotPassword',
  );
}

const email = () => screen.getByRole('textbox', { name: 'Adresse e-mail' });
const answer = () => screen.getByRole('textbox', { name: 'Réponse' });
const next = () => screen.getByRole('button', { name: 'Continuer' });
const validate = () => screen.getByRole('button', { name: 'Valider la réponse' });

async function reachAnswer(user: ReturnType<typeof userEvent.setup>, correspondant = false) {
  await user.type(email(), 'jeanne.martin@example.fr');
  if (correspondant) await user.click(screen.getByRole('checkbox', { name: 'Je suis correspondant' }));
  await user.click(next());
  await screen.findByText('Votre ville de naissance ?');
}

describe('forgot password', () => {
  it('requires a valid e-mail before asking the server', async () => {
    const { user } = renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Mot de passe oublié' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Retour à la connexion' })).toHaveAttribute('href', '/login');
    await user.click(next());
    expect(await screen.findByText('Élément obligatoire')).toBeVisible();
    await user.type(email(), 'pas-une-adresse');
    await user.click(next());
    expect(await screen.findByText('Champ de type email')).toBeVisible();
    expect(calls).toHaveLength(0);
  });

  it('asks the question, then sends the answer and confirms that a link is on its way', async () => {
    const { user, router } = renderPage();
    await reachAnswer(user, true);
    expect(calls[0]?.url).toBe(
      '/api/resetPassword/user/mail?email=jeanne.martin%40example.fr&roleCorrespondant=true',
    );
    await user.click(validate());
    expect(await screen.findByText('Élément obligatoire')).toBeVisible();
    expect(calls).toHaveLength(1);
    await user.type(answer(), '  Paris ');
    await user.click(validate());
    expect(await screen.findByText(/un lien pour choisir un nouveau mot de passe/)).toBeVisible();
    expect(screen.getByText(/valable 1 heure/)).toBeVisible();
    expect(calls[1]).toEqual({
      url: '/api/resetPassword',
      body: { idQuestion: 3, response: 'Paris', mail: 'jeanne.martin@example.fr', roleCorrespondant: true },
    });
    await user.click(screen.getByRole('link', { name: 'Retour à la connexion' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it('tells a wrong answer and lets the user try again', async () => {
    answerReply = wrongAnswer;
    const { user } = renderPage();
    await reachAnswer(user);
    await user.type(answer(), 'lyon');
    await user.click(validate());
    expect(await screen.findByText('La réponse à la question secrète est incorrecte.')).toBeVisible();
    // The focus moves in an effect after the step renders.
    await waitFor(() => expect(answer()).toHaveFocus());
    answerReply = () => json({ ciemException: { messages: [] } });
    await user.clear(answer());
    await user.type(answer(), 'paris');
    await user.click(validate());
    expect(await screen.findByText(/un lien pour choisir un nouveau mot de passe/)).toBeVisible();
    expect(notify).not.toHaveBeenCalled();
  });

  it('says how long to wait after too many tries, and tells a server failure', async () => {
    answerReply = () =>
      json({ status: 429, error: 'Too Many Requests', message: 'http.429' }, 429, { 'Retry-After': '125' });
    const { user } = renderPage();
    await reachAnswer(user);
    await user.type(answer(), 'lyon');
    await user.click(validate());
    expect(
      await screen.findByText('Trop de tentatives : nouvel essai possible dans 2 min 05 s.'),
    ).toBeVisible();
    answerReply = () => json({ status: 500, error: 'Internal Server Error', message: 'http.500' }, 500);
    await user.click(validate());
    expect(await screen.findByText('Une erreur serveur est survenue')).toBeVisible();
    expect(notify).not.toHaveBeenCalled();
  });

  it('goes back to the e-mail step with the address kept', async () => {
    const { user } = renderPage();
    await reachAnswer(user);
    await user.click(screen.getByRole('button', { name: 'Retour' }));
    expect(email()).toHaveValue('jeanne.martin@example.fr');
  });

  it('asks the question in English when the interface is in English', async () => {
    await changeLanguage('en_EN', false);
    const { user } = renderPage();
    await user.type(screen.getByRole('textbox', { name: 'E-mail address' }), 'jeanne.martin@example.fr');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Your city of birth?')).toBeVisible();
    expect(screen.queryByText('Votre ville de naissance ?')).toBeNull();
  });
});

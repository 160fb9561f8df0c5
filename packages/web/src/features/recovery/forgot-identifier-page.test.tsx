import { screen, waitFor, within } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { dayjs } from '../../lib/dates';
import { ForgotIdentifierPage } from './forgot-identifier-page';
import { type Call, fakeServer, json, renderRoutes } from './recovery-fixtures';

vi.mock('../../lib/notify', () => import('../../test/notify-stub'));

let calls: Call[];
let questionReply: () => Response;
let answerReply: () => Response;

const QUESTION = { id: 5, questionfr: 'Le nom de votre premier animal ?', questionen: 'Your first pet?' };

beforeEach(() => {
  questionReply = () => json(QUESTION);
  answerReply = () =>
    json({ ciemException: { messages: [{ level: 'INFO', errorCode: 'recovery.smsEnvoye' }] } });
  calls = fakeServer((url) => (url === '/api/resetPassword/user/phone' ? questionReply() : answerReply()));
});
afterEach(() => vi.unstubAllGlobals());

function renderPage() {
  return renderRoutes(
    [{ path: '/forgotIdentifiant', element: <ForgotIdentifierPage /> }],
    '/forgotIdentifiant',
  ).user;
}

const mobile = () => screen.getByRole('textbox', { name: 'Numéro de portable' });
const next = () => screen.getByRole('button', { name: 'Continuer' });

/** Types a date into the picker's sections, day first. */
async function typeBirthDate(user: ReturnType<typeof userEvent.setup>, digits: string) {
  const group = screen.getByRole('group', { name: /^Date de naissance/ });
  const day = within(group).getAllByRole('spinbutton')[0];
  if (!day) throw new Error('no date sections');
  await user.click(day);
  await user.keyboard(digits);
}
const birthDateInput = () => document.querySelector<HTMLInputElement>('input[name="dateDeNaissance"]');

describe('forgot identifier', () => {
  it('requires the mobile and the birth date, which may not be in the future', async () => {
    const user = renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Identifiant oublié' })).toBeVisible();
    await user.click(next());
    expect(await screen.findAllByText('Élément obligatoire')).toHaveLength(2);
    await user.type(mobile(), '06 12 34 56 78');
    const tomorrow = dayjs().add(1, 'day');
    await typeBirthDate(user, tomorrow.format('DDMMYYYY'));
    await waitFor(() => expect(birthDateInput()).toHaveValue(tomorrow.format('DD/MM/YYYY')));
    await user.click(next());
    expect(await screen.findByText("La date ne peut pas être postérieure à aujourd'hui")).toBeVisible();
    expect(calls).toHaveLength(0);
  });

  it('opens the calendar on a week starting on Monday', async () => {
    const user = renderPage();
    await user.click(screen.getByRole('button', { name: /Choisir la date/ }));
    const headers = await screen.findAllByRole('columnheader');
    expect(headers[0]).toHaveAttribute('aria-label', 'lundi');
  });

  it('sends mobile and ISO birth date, then the answer, and confirms the text message', async () => {
    const user = renderPage();
    await user.type(mobile(), '06 12 34 56 78');
    await typeBirthDate(user, '14071985');
    await waitFor(() => expect(birthDateInput()).toHaveValue('14/07/1985'));
    await user.click(next());
    expect(await screen.findByText('Le nom de votre premier animal ?')).toBeVisible();
    expect(calls[0]).toEqual({
      url: '/api/resetPassword/user/phone',
      body: { portable: '06 12 34 56 78', dateDeNaissance: '1985-07-14' },
    });
    await user.type(screen.getByRole('textbox', { name: 'Réponse' }), 'Médor');
    await user.click(screen.getByRole('button', { name: 'Valider la réponse' }));
    const done = await screen.findByRole('alert');
    expect(done).toHaveTextContent('Votre identifiant vous a été envoyé par SMS.');
    // The focus moves in an effect after the step renders.
    await waitFor(() => expect(done).toHaveFocus());
    expect(calls[1]).toEqual({
      url: '/api/forgotLogin',
      body: { idQuestion: 5, response: 'Médor', phone: '06 12 34 56 78', dateDeNaissance: '1985-07-14' },
    });
    expect(screen.getByRole('link', { name: 'Retour à la connexion' })).toHaveAttribute('href', '/login');
  });

  it("puts the server's field errors on the step's fields", async () => {
    questionReply = () =>
      json(
        {
          status: 400,
          error: 'Bad Request',
          message: 'errors.validation',
          fieldErrors: [{ field: 'portable', defaultMessage: 'errors.maxlength', args: ['30'] }],
        },
        400,
      );
    const user = renderPage();
    await user.type(mobile(), '06 12 34 56 78');
    await typeBirthDate(user, '14071985');
    await waitFor(() => expect(birthDateInput()).toHaveValue('14/07/1985'));
    await user.click(next());
    expect(await screen.findByText('Longueur maximale de 30 caractères')).toBeVisible();
    // The focus moves in an effect after the step renders.
    await waitFor(() => expect(mobile()).toHaveFocus());
  });

  it('tells a network failure on the step itself', async () => {
    questionReply = () => {
      throw new TypeError('Failed to fetch');
    };
    const user = renderPage();
    await user.type(mobile(), '06 12 34 56 78');
    await typeBirthDate(user, '14071985');
    await waitFor(() => expect(birthDateInput()).toHaveValue('14/07/1985'));
    await user.click(next());
    expect(
      await screen.findByText('Le serveur ne répond pas. Vérifiez votre connexion et réessayez'),
    ).toBeVisible();
  });
});

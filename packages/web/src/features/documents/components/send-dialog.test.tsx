import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18next } from '../../../lib/i18n';
import { SendDialog } from './send-dialog';

vi.setConfig({ testTimeout: 20_000 });

const notify = vi.hoisted(() => vi.fn());
vi.mock('../../../lib/notify', () => ({ notify, showToast: vi.fn() }));

interface Call {
  url: string;
  method: string;
  body: string | null;
}
let calls: Call[];
let mailReply: () => Response;
let sendReply: () => Response;

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

beforeEach(() => {
  calls = [];
  notify.mockReset();
  mailReply = () => new Response('jeanne.martin@example.fr', { headers: { 'Content-Type': 'text/plain' } });
  sendReply = () =>
    json({ ciemException: { messages: [{ level: 'INFO', errorCode: 'document.send.success' }] } });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const call = {
        url: String(input),
        method: init?.method ?? 'GET',
        body: typeof init?.body === 'string' ? init.body : null,
      };
      calls.push(call);
      return call.url === '/api/mail' ? mailReply() : sendReply();
    }),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
});

function renderDialog() {
  const onSent = vi.fn();
  const onClose = vi.fn();
  render(
    <SendDialog
      open
      selection={{ documents: new Set([501, 502]), annexes: new Set([71]) }}
      onClose={onClose}
      onSent={onSent}
    />,
  );
  return { user: userEvent.setup({ delay: null }), onSent, onClose };
}

const mail = () => screen.getByRole('textbox', { name: 'Adresse mail' });
const password = () => screen.getByLabelText('Mot de passe du fichier');
const send = () => screen.getByRole('button', { name: 'Envoyer' });

describe('send dialog', () => {
  it('keeps Send disabled until the mail is valid and a password is typed', async () => {
    const { user } = renderDialog();
    expect(send()).toBeDisabled();
    await user.type(mail(), 'pas-une-adresse');
    await user.type(password(), 'Secret-1-lune');
    expect(await screen.findByText('Champ de type email')).toBeVisible();
    expect(send()).toBeDisabled();
    await user.clear(mail());
    await user.type(mail(), 'medecin@example.fr');
    await waitFor(() => expect(send()).toBeEnabled());
    await user.clear(password());
    await waitFor(() => expect(send()).toBeDisabled());
    expect(await screen.findByText('Élément obligatoire')).toBeVisible();
  });

  it('says the password rule before anything is typed, and refuses a short password on its field', async () => {
    const { user } = renderDialog();
    expect(
      screen.getByText(
        'Au moins 10 caractères, difficile à deviner : plusieurs mots sans rapport entre eux, par exemple. Communiquez ce mot de passe au destinataire par un autre moyen.',
      ),
    ).toBeVisible();
    await user.type(mail(), 'medecin@example.fr');
    await user.type(password(), 'Secret-1');
    expect(await screen.findByText('Longueur minimale de 10 caractères')).toBeVisible();
    expect(password()).toHaveAttribute('aria-invalid', 'true');
    expect(send()).toBeDisabled();
    await user.type(password(), '-lune');
    await waitFor(() => expect(send()).toBeEnabled());
  });

  it('shows the server’s "easily guessed" refusal on the password field and stays open', async () => {
    sendReply = () =>
      json(
        {
          status: 400,
          error: 'Bad Request',
          message: 'errors.validation',
          fieldErrors: [{ field: 'password', defaultMessage: 'errors.passwordFaible' }],
        },
        400,
      );
    const { user, onSent, onClose } = renderDialog();
    await user.type(mail(), 'medecin@example.fr');
    await user.type(password(), 'azertyuiop');
    await waitFor(() => expect(send()).toBeEnabled());
    await user.click(send());
    expect(await screen.findByText(/Ce mot de passe est trop facile à deviner/)).toBeVisible();
    expect(password()).toHaveAttribute('aria-invalid', 'true');
    expect(password()).toHaveValue('azertyuiop');
    expect(mail()).toHaveValue('medecin@example.fr');
    expect(onSent).not.toHaveBeenCalled();
    expect(onClose).not.toHaveBeenCalled();
    expect(notify.mock.calls).toEqual([['messages.document.send.enCours', 'info']]);
  });

  it('fills and locks the mail with "myself", and clears it when unticked', async () => {
    const { user } = renderDialog();
    const myself = screen.getByRole('checkbox', { name: "M'envoyer les documents à moi-même" });
    await user.click(myself);
    await waitFor(() => expect(mail()).toHaveValue('jeanne.martin@example.fr'));
    expect(mail()).toBeDisabled();
    expect(calls.filter((call) => call.url === '/api/mail')).toHaveLength(1);
    await user.click(myself);
    expect(mail()).toHaveValue('');
    expect(mail()).toBeEnabled();
  });

  it('says when the own mail cannot be read, and leaves the box unticked', async () => {
    mailReply = () => json({ status: 500, error: 'x', message: 'http.500' }, 500);
    const { user } = renderDialog();
    const myself = screen.getByRole('checkbox', { name: "M'envoyer les documents à moi-même" });
    await user.click(myself);
    await waitFor(() => expect(notify).toHaveBeenCalledWith('messages.document.error.mail', 'error'));
    expect(myself).not.toBeChecked();
    expect(mail()).toHaveValue('');
  });

  it('sends documents and attachments, tells the progress and the outcome, then resets', async () => {
    const { user, onSent } = renderDialog();
    await user.type(mail(), 'medecin@example.fr');
    await user.type(password(), 'Secret-1-lune');
    await waitFor(() => expect(send()).toBeEnabled());
    await user.click(send());
    await waitFor(() => expect(onSent).toHaveBeenCalledWith('sent'), { timeout: 5000 });
    const post = calls.find((call) => call.url === '/api/document/download');
    expect(post?.method).toBe('POST');
    expect(JSON.parse(post?.body ?? '{}')).toEqual({
      mail: 'medecin@example.fr',
      password: 'Secret-1-lune',
      idDocuments: [501, 502],
      idAnnexes: [71],
      langue: 'fr_FR',
    });
    expect(notify.mock.calls).toEqual([
      ['messages.document.send.enCours', 'info'],
      ['messages.document.send.success', 'success'],
    ]);
    expect(mail()).toHaveValue('');
    expect(password()).toHaveValue('');
  });

  it('tells the send error, translated, when the mail server is unreachable (the server answers 409)', async () => {
    // What POST /api/document/download answers when SMTP refuses or never greets (npm run test:faults).
    sendReply = () =>
      json(
        {
          status: 409,
          error: 'Conflict',
          message: 'errors.business',
          ciemException: { messages: [{ level: 'ERROR', errorCode: 'document.error.sendDocument' }] },
        },
        409,
      );
    const { user, onSent } = renderDialog();
    await user.type(mail(), 'medecin@example.fr');
    await user.type(password(), 'Secret-1-lune');
    await waitFor(() => expect(send()).toBeEnabled());
    await user.click(send());
    await waitFor(() => expect(onSent).toHaveBeenCalledWith('failed'), { timeout: 5000 });
    expect(notify.mock.calls).toEqual([
      ['messages.document.send.enCours', 'info'],
      ['messages.document.error.sendDocument', 'error'],
    ]);
    expect(i18next.t('messages.document.error.sendDocument')).toBe(
      "Une erreur est survenue lors de l'envoi des documents",
    );
  });

  it('shows the translated server error, else the generic one', async () => {
    sendReply = () =>
      json({ ciemException: { messages: [{ level: 'ERROR', errorCode: 'document.error.tropVolumineux' }] } });
    const { user, onSent } = renderDialog();
    await user.type(mail(), 'medecin@example.fr');
    await user.type(password(), 'Secret-1-lune');
    await waitFor(() => expect(send()).toBeEnabled());
    await user.click(send());
    await waitFor(() => expect(onSent).toHaveBeenCalledWith('failed'), { timeout: 5000 });
    expect(notify).toHaveBeenLastCalledWith('messages.document.error.tropVolumineux', 'error');

    sendReply = () => json({ status: 500, error: 'x', message: 'http.500' }, 500);
    await user.type(mail(), 'medecin@example.fr');
    await user.type(password(), 'Secret-1-lune');
    await waitFor(() => expect(send()).toBeEnabled());
    await user.click(send());
    await waitFor(() => expect(onSent).toHaveBeenCalledTimes(2), { timeout: 5000 });
    expect(notify).toHaveBeenLastCalledWith('messages.document.error.sendDocument', 'error');
  });
});

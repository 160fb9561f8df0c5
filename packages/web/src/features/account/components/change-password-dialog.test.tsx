import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { storeToken, storeUser } from '../../../lib/session-store';
import { makeUser } from '../../../test/users';
import { ChangePasswordDialog } from './change-password-dialog';

vi.setConfig({ testTimeout: 20_000 });

const notify = vi.hoisted(() => vi.fn());
vi.mock('../../../lib/notify', () => ({ notify, showToast: vi.fn() }));

interface Call {
  url: string;
  body: unknown;
}
let calls: Call[];
let reply: () => Response;

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

beforeEach(() => {
  calls = [];
  notify.mockReset();
  reply = () =>
    json({ ciemException: { messages: [{ level: 'INFO', errorCode: 'password.confirmationChange' }] } });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      calls.push({ url: String(input), body: typeof init?.body === 'string' ? JSON.parse(init.body) : null });
      return reply();
    }),
  );
  storeToken(
    {
      access_token: 'a.b.c',
      refresh_token: 'r',
      token_type: 'bearer',
      expires_in: 900,
      tel: '',
      confirmationRequise: false,
    },
    true,
  );
  storeUser(makeUser(['ROLE_CORRESPONDANT'], { id: 42 }));
});

afterEach(() => {
  vi.unstubAllGlobals();
});

function renderDialog() {
  const onClose = vi.fn();
  render(<ChangePasswordDialog open onClose={onClose} />);
  return { user: userEvent.setup({ delay: null }), onClose };
}

const oldPassword = () => screen.getByLabelText('Ancien mot de passe');
const newPassword = () => screen.getByLabelText('Nouveau mot de passe');
const confirmation = () => screen.getByLabelText('Confirmation du nouveau mot de passe');
const submit = () => screen.getByRole('button', { name: 'Changer le mot de passe' });

describe('change password dialog', () => {
  it('asks for every field, the password rules and a matching confirmation before calling', async () => {
    const { user } = renderDialog();
    await user.click(submit());
    expect(await screen.findAllByText('Élément obligatoire')).toHaveLength(3);
    await user.type(oldPassword(), 'Portail#2026');
    await user.type(newPassword(), 'nouveau2027');
    await user.type(confirmation(), 'autre');
    await user.click(submit());
    expect(await screen.findByText(/au moins 8 caractères dont une minuscule/)).toBeVisible();
    expect(screen.getByText('Les mots de passe doivent être identiques')).toBeVisible();
    expect(calls).toHaveLength(0);
  });

  it('shows and hides each password with a toggle named after its field', async () => {
    const { user } = renderDialog();
    expect(newPassword()).toHaveAttribute('type', 'password');
    const toggle = screen.getByRole('button', { name: 'Afficher le champ Nouveau mot de passe' });
    await user.click(toggle);
    expect(newPassword()).toHaveAttribute('type', 'text');
    expect(screen.getByRole('button', { name: 'Masquer le champ Nouveau mot de passe' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
  });

  it("puts the server's field error on the old password", async () => {
    reply = () =>
      json(
        {
          status: 400,
          error: 'Bad Request',
          message: 'errors.validation',
          fieldErrors: [{ field: 'ancienMotDePasse', defaultMessage: 'errors.ancienMotDePasse' }],
        },
        400,
      );
    const { user, onClose } = renderDialog();
    await user.type(oldPassword(), 'Faux#2026');
    await user.type(newPassword(), 'Brume#Falaise27');
    await user.type(confirmation(), 'Brume#Falaise27');
    await user.click(submit());
    expect(await screen.findByText("L'ancien mot de passe est incorrect")).toBeVisible();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('sends id, old and new password, confirms and closes', async () => {
    const { user, onClose } = renderDialog();
    await user.type(oldPassword(), 'Portail#2026');
    await user.type(newPassword(), 'Brume#Falaise27');
    await user.type(confirmation(), 'Brume#Falaise27');
    await user.click(submit());
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls).toEqual([
      {
        url: '/api/oauth/changePassword',
        body: { id: 42, ancienMotDePasse: 'Portail#2026', motDePasse: 'Brume#Falaise27' },
      },
    ]);
    expect(notify).toHaveBeenCalledWith('messages.password.confirmationChange', 'success');
  });
});

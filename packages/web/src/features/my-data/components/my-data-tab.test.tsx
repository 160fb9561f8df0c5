import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Providers } from '../../../app/providers';
import { storeToken, storeUser } from '../../../lib/session-store';
import { notify } from '../../../test/notify-stub';
import { makeUser } from '../../../test/users';
import { MyDataTab } from './my-data-tab';

vi.setConfig({ testTimeout: 20_000 });
vi.mock('../../../lib/notify', () => import('../../../test/notify-stub'));
const saveFile = vi.hoisted(() => vi.fn());
vi.mock('../../../lib/save-file', () => ({ saveFile }));

let bodies: unknown[];
let reply: () => Response;
const zipReply = () =>
  new Response(new Blob(['PK']), {
    headers: {
      'Content-Type': 'application/zip',
      'Content-Disposition': `attachment; filename="mes-donnees-2026-11-29.zip"; filename*=UTF-8''mes-donnees-2026-11-29.zip`,
    },
  });

beforeEach(() => {
  bodies = [];
  reply = zipReply;
  saveFile.mockReset();
  notify.mockReset();
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_input: RequestInfo | URL, init?: RequestInit) => {
      bodies.push(typeof init?.body === 'string' ? JSON.parse(init.body) : null);
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
    false,
  );
});
afterEach(() => vi.unstubAllGlobals());

function renderTab(dmcAccepte = true) {
  storeUser(makeUser(['ROLE_PARTICIPANT'], { dmcAccepte }));
  render(
    <Providers>
      <MyDataTab />
    </Providers>,
  );
  return userEvent.setup({ delay: null });
}

const PASSWORD = 'Sésame ouvre-toi 42!';
const passwordInput = () => screen.getByLabelText(/^Mot de passe de l’archive/, { selector: 'input' });
const confirmationInput = () => screen.getByLabelText(/^Confirmation du mot de passe/, { selector: 'input' });

describe('"Mes données" (docs/personal-details.md#my-data)', () => {
  it('says what the archive holds, the documents only once the medical record is accepted', () => {
    renderTab(false);
    expect(screen.getByText(/pas vos documents ni les fiches conseils :/)).toBeInTheDocument();
    expect(screen.getByText(/3 archives par période de 24 heures/)).toBeInTheDocument();
  });

  it('downloads the archive protected by the password typed twice', async () => {
    const user = renderTab();
    await user.type(passwordInput(), PASSWORD);
    await user.type(confirmationInput(), PASSWORD);
    await user.click(screen.getByRole('button', { name: 'Télécharger mes données' }));
    await waitFor(() =>
      expect(saveFile).toHaveBeenCalledWith(expect.anything(), 'mes-donnees-2026-11-29.zip'),
    );
    expect(bodies).toEqual([{ langue: 'fr_FR', motDePasse: PASSWORD }]);
    expect(notify).toHaveBeenCalledWith('myData.done', 'success');
  });

  it('asks once while the archive is being prepared, whatever the presses on the busy button', async () => {
    let release: (response: Response) => void = () => undefined;
    reply = () => zipReply();
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_input: RequestInfo | URL, init?: RequestInit) => {
        bodies.push(typeof init?.body === 'string' ? JSON.parse(init.body) : null);
        return new Promise<Response>((resolve) => {
          release = resolve;
        });
      }),
    );
    const user = renderTab();
    await user.click(screen.getByRole('radio', { name: /Télécharger directement/ }));
    await user.click(screen.getByRole('button', { name: 'Télécharger mes données' }));
    const busy = await screen.findByRole('button', { name: 'Préparation de l’archive…' });
    expect(busy).toHaveAttribute('aria-busy', 'true');
    await user.click(busy);
    expect(bodies).toHaveLength(1);
    release(zipReply());
    await waitFor(() => expect(saveFile).toHaveBeenCalledTimes(1));
  });

  it('refuses two different passwords or a short one without calling the server', async () => {
    const user = renderTab();
    await user.type(passwordInput(), PASSWORD);
    await user.type(confirmationInput(), 'autre chose 123');
    await user.click(screen.getByRole('button', { name: 'Télécharger mes données' }));
    expect(await screen.findByText('Les deux mots de passe ne sont pas identiques.')).toBeInTheDocument();
    expect(bodies).toEqual([]);
  });

  it('says a missing confirmation is required, not different, beside a short password', async () => {
    const user = renderTab();
    await user.type(passwordInput(), 'court');
    await user.click(screen.getByRole('button', { name: 'Télécharger mes données' }));
    const confirmation = confirmationInput();
    await waitFor(() => expect(confirmation).toHaveAttribute('aria-invalid', 'true'));
    const described = document.getElementById(confirmation.getAttribute('aria-describedby') ?? '');
    expect(described).toHaveTextContent('Élément obligatoire');
    expect(screen.queryByText('Les deux mots de passe ne sont pas identiques.')).toBeNull();
    expect(bodies).toEqual([]);
  });

  it('downloads directly without a password, warning first', async () => {
    const user = renderTab();
    await user.click(screen.getByRole('radio', { name: /Télécharger directement/ }));
    expect(screen.getByText(/quiconque accède au fichier/)).toBeInTheDocument();
    expect(screen.queryByLabelText(/^Mot de passe de l’archive/, { selector: 'input' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Télécharger mes données' }));
    await waitFor(() => expect(saveFile).toHaveBeenCalled());
    expect(bodies).toEqual([{ langue: 'fr_FR' }]);
  });

  it('tells the limit when the server answers 429, with the hours to wait', async () => {
    reply = () =>
      new Response(
        JSON.stringify({ status: 429, error: 'Too Many Requests', message: 'myData.error.limit' }),
        {
          status: 429,
          headers: { 'Content-Type': 'application/json', 'Retry-After': String(5 * 3600) },
        },
      );
    const user = renderTab();
    await user.click(screen.getByRole('radio', { name: /Télécharger directement/ }));
    await user.click(screen.getByRole('button', { name: 'Télécharger mes données' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/dans 5 h environ/);
    expect(saveFile).not.toHaveBeenCalled();
    expect(notify).not.toHaveBeenCalled();
  });

  it('puts the server’s refusal of an easily guessed password on the field', async () => {
    reply = () =>
      new Response(
        JSON.stringify({
          status: 400,
          error: 'Bad Request',
          message: 'http.400',
          fieldErrors: [{ field: 'motDePasse', defaultMessage: 'errors.passwordFaible' }],
        }),
        { status: 400, headers: { 'Content-Type': 'application/json' } },
      );
    const user = renderTab();
    await user.type(passwordInput(), 'azertyuiop1');
    await user.type(confirmationInput(), 'azertyuiop1');
    await user.click(screen.getByRole('button', { name: 'Télécharger mes données' }));
    expect(await screen.findByText(/trop facile à deviner/)).toBeInTheDocument();
    expect(saveFile).not.toHaveBeenCalled();
  });
});

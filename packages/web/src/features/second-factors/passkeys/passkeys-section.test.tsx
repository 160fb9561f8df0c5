import type { FactorsReply } from '@portail/contract/schemas/second-factors';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Providers } from '../../../app/providers';
import { clearSession } from '../../../lib/session-store';
import { signInAs } from '../../../test/users';
import { PasskeysSection, suggestedPasskeyName } from './passkeys-section';

vi.setConfig({ testTimeout: 20_000 });
vi.mock('../../../lib/notify', () => import('../../../test/notify-stub'));
const webauthn = vi.hoisted(() => ({
  browserSupportsWebAuthn: vi.fn(() => true),
  startRegistration: vi.fn(),
  startAuthentication: vi.fn(),
}));
vi.mock('@simplewebauthn/browser', () => webauthn);

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const OPTIONS = {
  defi: 'AAAAAAAAAAAAAAAAAAAAAA',
  options: {
    rp: { name: 'Portail', id: 'localhost' },
    user: { id: 'aGFuZGxl', name: 'corr.cles', displayName: 'Camille Martin' },
    challenge: 'Y2hhbGxlbmdl',
    pubKeyCredParams: [{ alg: -7, type: 'public-key' }],
    excludeCredentials: [],
    authenticatorSelection: {
      residentKey: 'required',
      userVerification: 'required',
      requireResidentKey: true,
    },
    attestation: 'none',
  },
};
const ANSWER = {
  id: 'Y3JlZA',
  rawId: 'Y3JlZA',
  type: 'public-key',
  response: { clientDataJSON: 'e30', attestationObject: 'o2Nm', transports: ['internal'] },
  authenticatorAttachment: 'platform',
  clientExtensionResults: { credProps: { rk: true } },
};

const factors = (cles: FactorsReply['cles']): FactorsReply => ({
  exige: false,
  cles,
  application: null,
  sms: { tel: '06 •• •• •• 78', actif: true, modifiable: true },
});
const KEY = {
  id: 7,
  nom: 'Ordinateur du bureau',
  creeLe: '2026-11-20T08:15:00.000Z',
  derniereUtilisation: '2026-11-28T09:40:00.000Z',
  synchronisee: true,
};

const calls: { method: string; path: string; body: unknown }[] = [];
let replies: Record<string, () => Response>;

beforeEach(() => {
  calls.length = 0;
  webauthn.browserSupportsWebAuthn.mockReturnValue(true);
  webauthn.startRegistration.mockReset();
  replies = {
    'POST /api/user/facteurs/cles/options': () => json(OPTIONS),
    'POST /api/user/facteurs/cles': () =>
      json({ id: 8, ciemException: { messages: [{ level: 'INFO', errorCode: 'facteurs.cles.ajoutee' }] } }),
    'PUT /api/user/facteurs/cles/7': () =>
      json({ id: 7, ciemException: { messages: [{ level: 'INFO', errorCode: 'facteurs.cles.renommee' }] } }),
    'POST /api/user/facteurs/cles/7/suppression': () =>
      json({
        ciemException: {
          messages: [
            { level: 'INFO', errorCode: 'facteurs.cles.supprimee' },
            { level: 'INFO', errorCode: 'facteurs.cles.smsRetabli' },
          ],
        },
      }),
  };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      const path = String(input);
      calls.push({ method, path, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      return replies[`${method} ${path}`]?.() ?? json({}, 404);
    }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  clearSession(null);
});

function show(cles: FactorsReply['cles'] = [KEY]) {
  const onChanged = vi.fn();
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <Providers>
        <PasskeysSection factors={factors(cles)} onChanged={onChanged} />
      </Providers>
    </QueryClientProvider>,
  );
  return onChanged;
}

describe('the passkeys of the Sécurité tab (docs/second-factors.md#passkeys)', () => {
  it('lists each passkey with its name, dates and whether it is synced', () => {
    show([KEY, { ...KEY, id: 9, nom: 'Clé USB', derniereUtilisation: null, synchronisee: false }]);
    const items = within(screen.getByRole('list', { name: 'Vos clés d’accès' })).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('Ordinateur du bureau');
    expect(items[0]).toHaveTextContent('Synchronisée');
    expect(items[0]).toHaveTextContent('Ajoutée le 20/11/2026 à 09:15');
    expect(items[0]).toHaveTextContent('Dernière utilisation le 28/11/2026 à 10:40');
    expect(items[1]).toHaveTextContent('Jamais utilisée');
    expect(items[1]).not.toHaveTextContent('Synchronisée');
    expect(
      within(items[1] as HTMLElement).getByRole('button', { name: 'Supprimer la clé « Clé USB »' }),
    ).toBeVisible();
  });

  it('adds a passkey: the password, the browser’s ceremony, then the name and the answer to the server', async () => {
    webauthn.startRegistration.mockResolvedValue(ANSWER);
    const onChanged = show([]);
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('button', { name: 'Ajouter une clé d’accès' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ajouter une clé d’accès' });
    const name = within(dialog).getByRole('textbox', { name: 'Nom de la clé' });
    await user.clear(name);
    await user.type(name, 'Mon téléphone');
    await user.type(
      within(dialog).getByLabelText(/^Mot de passe actuel/, { selector: 'input' }),
      'Portail#2026',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Créer la clé' }));
    await waitFor(() => expect(onChanged).toHaveBeenCalled());
    expect(calls.map((call) => `${call.method} ${call.path}`)).toEqual([
      'POST /api/user/facteurs/cles/options',
      'POST /api/user/facteurs/cles',
    ]);
    expect(calls[0]?.body).toEqual({ motDePasse: 'Portail#2026' });
    expect(webauthn.startRegistration).toHaveBeenCalledWith({ optionsJSON: OPTIONS.options });
    expect(calls[1]?.body).toEqual({ defi: OPTIONS.defi, nom: 'Mon téléphone', reponse: ANSWER });
    await waitFor(() =>
      expect(screen.getByRole('status')).toHaveTextContent('La clé d’accès a été ajoutée.'),
    );
  });

  it('says so when the person cancels the ceremony, or the device already holds a passkey of the account, and sends nothing', async () => {
    show([]);
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('button', { name: 'Ajouter une clé d’accès' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ajouter une clé d’accès' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Nom de la clé' }), 'Clé');
    await user.type(
      within(dialog).getByLabelText(/^Mot de passe actuel/, { selector: 'input' }),
      'Portail#2026',
    );
    webauthn.startRegistration.mockRejectedValueOnce(
      Object.assign(new Error('no'), { name: 'NotAllowedError' }),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Créer la clé' }));
    expect(await within(dialog).findByText('Vous avez annulé la création de la clé d’accès.')).toBeVisible();
    webauthn.startRegistration.mockRejectedValueOnce(
      Object.assign(new Error('no'), { name: 'InvalidStateError' }),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Créer la clé' }));
    expect(
      await within(dialog).findByText(/Cet appareil garde déjà une clé d’accès de votre compte/),
    ).toBeVisible();
    expect(calls.filter((call) => call.path === '/api/user/facteurs/cles')).toEqual([]);
  });

  it('asks the name and the password before calling the server', async () => {
    show([]);
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('button', { name: 'Ajouter une clé d’accès' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ajouter une clé d’accès' });
    await user.clear(within(dialog).getByRole('textbox', { name: 'Nom de la clé' }));
    await user.click(within(dialog).getByRole('button', { name: 'Créer la clé' }));
    expect(await within(dialog).findAllByText('Élément obligatoire')).toHaveLength(2);
    expect(calls).toEqual([]);
  });

  it('removes a passkey behind the password: a wrong one lands on its field, the right one tells the text-message code is back', async () => {
    const onChanged = show();
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('button', { name: 'Supprimer la clé « Ordinateur du bureau »' }));
    const dialog = await screen.findByRole('dialog', { name: 'Supprimer la clé d’accès' });
    expect(dialog).toHaveTextContent('La clé « Ordinateur du bureau » ne pourra plus vous connecter.');
    replies['POST /api/user/facteurs/cles/7/suppression'] = () =>
      json(
        {
          status: 400,
          error: 'Bad Request',
          message: 'errors.validation',
          fieldErrors: [{ field: 'motDePasse', defaultMessage: 'errors.motDePasseActuel' }],
          ciemException: {
            messages: [{ level: 'WARN', errorCode: 'contactChange.motDePasse', args: ['2'] }],
          },
        },
        400,
      );
    const password = within(dialog).getByLabelText(/^Mot de passe actuel/, { selector: 'input' });
    await user.type(password, 'Faux');
    await user.click(within(dialog).getByRole('button', { name: 'Supprimer la clé' }));
    await waitFor(() => expect(password).toHaveAttribute('aria-invalid', 'true'));
    expect(onChanged).not.toHaveBeenCalled();
    replies['POST /api/user/facteurs/cles/7/suppression'] = () =>
      json({
        ciemException: {
          messages: [
            { level: 'INFO', errorCode: 'facteurs.cles.supprimee' },
            { level: 'INFO', errorCode: 'facteurs.cles.smsRetabli' },
          ],
        },
      });
    await user.clear(password);
    await user.type(password, 'Portail#2026');
    await user.click(within(dialog).getByRole('button', { name: 'Supprimer la clé' }));
    await waitFor(() => expect(onChanged).toHaveBeenCalled());
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const status = screen.getByRole('status');
    await waitFor(() => expect(status).toHaveTextContent('La clé d’accès a été supprimée.'));
    expect(status).toHaveTextContent('les codes de connexion arrivent de nouveau par SMS');
  });

  it('renames a passkey without the password', async () => {
    const onChanged = show();
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('button', { name: 'Renommer la clé « Ordinateur du bureau »' }));
    const dialog = await screen.findByRole('dialog', { name: 'Renommer la clé d’accès' });
    const name = within(dialog).getByRole('textbox', { name: 'Nom de la clé' });
    expect(name).toHaveValue('Ordinateur du bureau');
    await user.clear(name);
    await user.type(name, 'Portable');
    await user.click(within(dialog).getByRole('button', { name: 'Renommer' }));
    await waitFor(() => expect(onChanged).toHaveBeenCalled());
    expect(calls).toEqual([{ method: 'PUT', path: '/api/user/facteurs/cles/7', body: { nom: 'Portable' } }]);
  });

  it('before the second step (a correspondant who must enrol first), adds a passkey without the password', async () => {
    signInAs(['ROLE_CORRESPONDANT'], { doubleAuthentificationConfirmee: false });
    webauthn.startRegistration.mockResolvedValue(ANSWER);
    const onChanged = show([]);
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('button', { name: 'Ajouter une clé d’accès' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ajouter une clé d’accès' });
    expect(within(dialog).queryByLabelText(/^Mot de passe actuel/, { selector: 'input' })).toBeNull();
    await user.type(within(dialog).getByRole('textbox', { name: 'Nom de la clé' }), 'Clé');
    await user.click(within(dialog).getByRole('button', { name: 'Créer la clé' }));
    await waitFor(() => expect(onChanged).toHaveBeenCalled());
    expect(calls[0]?.body).toEqual({});
  });

  it('explains, and offers no addition, in a browser without WebAuthn', () => {
    webauthn.browserSupportsWebAuthn.mockReturnValue(false);
    show();
    expect(screen.getByText(/Ce navigateur ne permet pas d’utiliser les clés d’accès/)).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Ajouter une clé d’accès' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Supprimer la clé « Ordinateur du bureau »' })).toBeVisible();
  });
});

describe('the name suggested for a new passkey', () => {
  it('names the browser and the system', () => {
    expect(
      suggestedPasskeyName(
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Safari/537.36',
      ),
    ).toBe('Chrome · Windows');
    expect(
      suggestedPasskeyName(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
      ),
    ).toBe('Safari · iPhone');
    expect(suggestedPasskeyName('curl/8')).toBe('');
  });
});

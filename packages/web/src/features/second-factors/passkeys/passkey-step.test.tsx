import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Providers } from '../../../app/providers';
import { PasskeyStep } from './passkey-step';

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
  defi: 'BBBBBBBBBBBBBBBBBBBBBB',
  options: {
    challenge: 'Y2hhbGxlbmdl',
    rpId: 'localhost',
    allowCredentials: [{ id: 'Y3JlZA', type: 'public-key', transports: ['internal'] }],
    userVerification: 'required',
    timeout: 240000,
  },
};
const ASSERTION = {
  id: 'Y3JlZA',
  rawId: 'Y3JlZA',
  type: 'public-key',
  response: { clientDataJSON: 'e30', authenticatorData: 'AAAA', signature: 'MEU', userHandle: 'aGFuZGxl' },
  authenticatorAttachment: 'platform',
  clientExtensionResults: {},
};

const calls: { path: string; body: unknown }[] = [];
let stepReply: () => Response;
beforeEach(() => {
  calls.length = 0;
  webauthn.browserSupportsWebAuthn.mockReturnValue(true);
  webauthn.startAuthentication.mockReset();
  stepReply = () => json({ ok: true, ciemException: { messages: [] } });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const path = String(input);
      calls.push({ path, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      if (path === '/api/oauth/doubleAuthentification/cle/options') return json(OPTIONS);
      if (path === '/api/oauth/doubleAuthentification/cle') return stepReply();
      return json({}, 404);
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

function show() {
  const onOutcome = vi.fn(async () => undefined);
  render(
    <Providers>
      <PasskeyStep onOutcome={onOutcome} />
    </Providers>,
  );
  return onOutcome;
}

describe('the second step by passkey (docs/second-factors.md#second-step)', () => {
  it('asks the browser for one of the account’s passkeys and hands the server’s reply on', async () => {
    webauthn.startAuthentication.mockResolvedValue(ASSERTION);
    const onOutcome = show();
    await userEvent
      .setup({ delay: null })
      .click(screen.getByRole('button', { name: 'Utiliser ma clé d’accès' }));
    await waitFor(() =>
      expect(onOutcome).toHaveBeenCalledWith({ ok: true, ciemException: { messages: [] } }),
    );
    expect(webauthn.startAuthentication).toHaveBeenCalledWith({ optionsJSON: OPTIONS.options });
    expect(calls[1]).toEqual({
      path: '/api/oauth/doubleAuthentification/cle',
      body: { defi: OPTIONS.defi, reponse: ASSERTION },
    });
  });

  it('hands on a refused try as the server words it', async () => {
    webauthn.startAuthentication.mockResolvedValue(ASSERTION);
    stepReply = () =>
      json({ ok: false, ciemException: { messages: [{ level: 'WARN', errorCode: 'tentative.1' }] } });
    const onOutcome = show();
    await userEvent
      .setup({ delay: null })
      .click(screen.getByRole('button', { name: 'Utiliser ma clé d’accès' }));
    await waitFor(() =>
      expect(onOutcome).toHaveBeenCalledWith({
        ok: false,
        ciemException: { messages: [{ level: 'WARN', errorCode: 'tentative.1' }] },
      }),
    );
  });

  it('says a cancelled ceremony, which sends nothing and counts no try', async () => {
    webauthn.startAuthentication.mockRejectedValue(
      Object.assign(new Error('no'), { name: 'NotAllowedError' }),
    );
    const onOutcome = show();
    await userEvent
      .setup({ delay: null })
      .click(screen.getByRole('button', { name: 'Utiliser ma clé d’accès' }));
    expect(await screen.findByText(/Vous avez annulé : aucune tentative n’a été comptée/)).toBeVisible();
    expect(onOutcome).not.toHaveBeenCalled();
    expect(calls.map((call) => call.path)).toEqual(['/api/oauth/doubleAuthentification/cle/options']);
  });

  it('offers no button in a browser without WebAuthn', () => {
    webauthn.browserSupportsWebAuthn.mockReturnValue(false);
    show();
    expect(screen.queryByRole('button', { name: 'Utiliser ma clé d’accès' })).toBeNull();
    expect(screen.getByText(/choisissez un autre moyen/)).toBeVisible();
  });
});

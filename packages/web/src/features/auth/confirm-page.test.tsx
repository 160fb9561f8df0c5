import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Providers } from '../../app/providers';
import { appRoutes } from '../../app/router';
import { notify } from '../../lib/notify';
import { clearSession } from '../../lib/session-store';
import { signInAs } from '../../test/users';

vi.setConfig({ testTimeout: 20_000 });
vi.mock('../../lib/notify', () => ({
  notify: vi.fn(),
  showToast: vi.fn(),
  onToastNeeded: () => () => undefined,
  toasterReady: vi.fn(),
  dismissToasts: vi.fn(),
}));

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const METHODS = '/api/oauth/doubleAuthentification/methodes';
const RESEND = '/api/oauth/doubleAuthentification/renvoyer-code';
let calls: string[];

function serve(methods: Record<string, unknown>) {
  calls = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const path = String(input);
      calls.push(`${init?.method ?? 'GET'} ${path}`);
      if (path === METHODS)
        return json({
          tel: '',
          smsEnvoye: false,
          enrolementRequis: false,
          facteurDemande: false,
          ...methods,
        });
      if (path === RESEND) return json({ ok: true, tel: '•• •• •• •• 12', ciemException: { messages: [] } });
      return json({}, 404);
    }),
  );
}

function visit() {
  signInAs(['ROLE_PARTICIPANT'], { doubleAuthentificationConfirmee: false });
  render(
    <Providers>
      <RouterProvider router={createMemoryRouter(appRoutes, { initialEntries: ['/user/confirm'] })} />
    </Providers>,
  );
}

beforeEach(() => {
  clearSession(null);
  vi.mocked(notify).mockClear();
});
afterEach(() => vi.unstubAllGlobals());

describe('the second step’s methods', () => {
  it('asks for the code already texted, with nothing else to choose', async () => {
    serve({ methodes: ['sms'], tel: '•• •• •• •• 12', smsEnvoye: true });
    visit();
    expect(await screen.findByText(/envoyé par SMS au •• •• •• •• 12/)).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /Code de confirmation/ })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Autres moyens de confirmer' })).not.toBeInTheDocument();
  });

  it('texts a code only when asked, when none went with the password', async () => {
    serve({ methodes: ['sms'], tel: '•• •• •• •• 12', smsEnvoye: false });
    visit();
    const send = await screen.findByRole('button', { name: 'Recevoir un code par SMS' });
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    expect(calls).not.toContain(`POST ${RESEND}`);
    await userEvent.setup().click(send);
    expect(await screen.findByRole('textbox', { name: /Code de confirmation/ })).toBeInTheDocument();
    expect(calls).toContain(`POST ${RESEND}`);
    expect(notify).toHaveBeenCalledWith('authConfirm.smsSent', 'success', { tel: '•• •• •• •• 12' });
  });

  it('says so when the account has no way through, and only lets the person leave', async () => {
    serve({ methodes: [] });
    visit();
    expect(await screen.findByText(/aucun moyen de confirmer la connexion/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Annuler' })).toBeInTheDocument();
  });

  it('tells a failure to load the methods, and tries again', async () => {
    calls = [];
    let fail = true;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        calls.push(String(input));
        if (fail) return json({ status: 500, message: 'http.500' }, 500);
        return json({
          methodes: ['sms'],
          tel: '•• 12',
          smsEnvoye: true,
          enrolementRequis: false,
          facteurDemande: false,
        });
      }),
    );
    visit();
    const retry = await screen.findByRole('button', { name: 'Réessayer' });
    expect(screen.getByText(/n’ont pas pu être chargés/)).toBeInTheDocument();
    fail = false;
    await userEvent.setup().click(retry);
    await waitFor(() => expect(screen.getByText(/envoyé par SMS au •• 12/)).toBeInTheDocument());
  });
});

import type { FactorsReply } from '@portail/contract/schemas/second-factors';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Providers } from '../../../app/providers';
import { clearSession } from '../../../lib/session-store';
import { notify } from '../../../test/notify-stub';
import { signInAs } from '../../../test/users';
import { AuthenticatorAppSection } from './authenticator-app-section';

vi.setConfig({ testTimeout: 30_000 });
vi.mock('../../../lib/notify', () => import('../../../test/notify-stub'));

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const CODES = Array.from({ length: 10 }, (_, i) => `ABCD${i + 2}-FGHJK`);
const OK_CODES = {
  codesSecours: CODES,
  ciemException: { messages: [{ level: 'INFO', errorCode: 'facteurs.application.ajoutee' }] },
};
const wrongPassword = {
  status: 400,
  error: 'Bad Request',
  message: 'errors.validation',
  fieldErrors: [{ field: 'motDePasse', defaultMessage: 'errors.motDePasseActuel' }],
  ciemException: { messages: [{ level: 'WARN', errorCode: 'coordonnees.motDePasseIncorrect', args: ['2'] }] },
};

const calls: { method: string; path: string; body: unknown }[] = [];

beforeEach(() => {
  calls.length = 0;
  vi.mocked(notify).mockClear();
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const path = String(input);
      const method = init?.method ?? 'GET';
      const body = init?.body ? JSON.parse(String(init.body)) : undefined;
      calls.push({ method, path, body });
      const password = (body as { motDePasse?: string } | undefined)?.motDePasse;
      if (path === '/api/user/facteurs/application/options') {
        if (password !== undefined && password !== 'Portail#2026') return json(wrongPassword, 400);
        return json({
          secret: SECRET,
          uri: `otpauth://totp/P:x?secret=${SECRET}`,
          qr: 'data:image/svg+xml;base64,PHN2Zy8+',
        });
      }
      if (path === '/api/user/facteurs/application') {
        const code = (body as { code: string }).code;
        if (code === '123456') return json(OK_CODES);
        return json(
          {
            status: 400,
            error: 'Bad Request',
            message: 'errors.validation',
            fieldErrors: [{ field: 'code', defaultMessage: 'secondFactor.app.error.wrong' }],
            ciemException: {
              messages: [{ level: 'WARN', errorCode: 'facteurs.application.codeErrone', args: ['2'] }],
            },
          },
          400,
        );
      }
      if (path === '/api/user/facteurs/secours') {
        if (password !== 'Portail#2026') return json(wrongPassword, 400);
        return json({
          codesSecours: CODES.map((code) => code.replace('ABCD', 'WXYZ')),
          ciemException: { messages: [{ level: 'INFO', errorCode: 'facteurs.secours.renouveles' }] },
        });
      }
      if (path === '/api/user/facteurs/application/suppression') {
        if (password !== 'Portail#2026') return json(wrongPassword, 400);
        return json({
          ciemException: {
            messages: [
              { level: 'INFO', errorCode: 'facteurs.application.retiree' },
              { level: 'INFO', errorCode: 'facteurs.sms.active' },
            ],
          },
        });
      }
      return json({}, 404);
    }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  clearSession(null);
});

const NONE: FactorsReply = {
  exige: false,
  cles: [],
  application: null,
  sms: { tel: '06 •• •• •• 78', actif: true, modifiable: false },
};
const ENROLLED: FactorsReply = {
  ...NONE,
  application: {
    creeLe: '2026-11-02T09:30:00.000Z',
    derniereUtilisation: '2026-11-28T16:05:00.000Z',
    codesSecoursRestants: 2,
  },
  sms: { ...NONE.sms, modifiable: true },
};

function show(factors: FactorsReply) {
  const onChanged = vi.fn();
  render(
    <Providers>
      <AuthenticatorAppSection factors={factors} onChanged={onChanged} />
    </Providers>,
  );
  return onChanged;
}

async function typePassword(dialog: HTMLElement, password: string) {
  const user = userEvent.setup();
  const field = within(dialog).getByLabelText(/^Mot de passe actuel/);
  await user.clear(field);
  await user.type(field, password);
  await user.click(within(dialog).getByRole('button', { name: /Continuer|Renouveler|Retirer/ }));
}

describe('the authenticator app section (docs/second-factors.md#authenticator-app)', () => {
  it('adds an app: password, then the QR code and the key in groups of four, a wrong then a right code, then the ten codes kept before closing', async () => {
    const user = userEvent.setup();
    const onChanged = show(NONE);
    const section = screen.getByRole('region', { name: 'Application d’authentification' });
    expect(within(section).getByText(/affiche un code à 6 chiffres/)).toBeInTheDocument();
    await user.click(within(section).getByRole('button', { name: 'Ajouter une application' }));

    const passwordDialog = await screen.findByRole('dialog', {
      name: 'Ajouter une application d’authentification',
    });
    await typePassword(passwordDialog, 'wrong');
    expect(
      await within(passwordDialog).findByText(/mot de passe/i, { selector: 'p.Mui-error' }),
    ).toBeInTheDocument();
    await typePassword(passwordDialog, 'Portail#2026');

    const scan = await screen.findByRole('dialog', { name: 'Ajouter une application d’authentification' });
    await waitFor(() =>
      expect(within(scan).getByRole('img')).toHaveAttribute(
        'src',
        expect.stringMatching(/^data:image\/svg\+xml/),
      ),
    );
    expect(within(scan).getByRole('img')).toHaveAccessibleName(/Code QR à scanner/);
    expect(within(scan).getByText('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP')).toBeInTheDocument();
    expect(within(scan).getByRole('button', { name: 'Copier la clé' })).toBeInTheDocument();

    const code = within(scan).getByLabelText(/^Code à 6 chiffres/);
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    await user.type(code, '12ab');
    await user.click(within(scan).getByRole('button', { name: 'Valider' }));
    expect(await within(scan).findByText('Le code comporte 6 chiffres')).toBeInTheDocument();
    expect(calls.filter((call) => call.path === '/api/user/facteurs/application')).toHaveLength(0);

    await user.clear(code);
    await user.type(code, '654321');
    await user.click(within(scan).getByRole('button', { name: 'Valider' }));
    expect(
      await within(scan).findByText(/Ce code ne correspond pas \(essais restants : 2\)/),
    ).toBeInTheDocument();
    expect(within(scan).getByText(/vérifiez l’heure de votre téléphone/)).toBeInTheDocument();

    await user.clear(code);
    await user.type(code, '123456');
    await user.click(within(scan).getByRole('button', { name: 'Valider' }));
    const codes = await screen.findByRole('dialog', { name: 'Vos codes de secours' });
    const list = within(codes).getByRole('list', { name: 'Codes de secours' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(CODES);
    for (const name of ['Télécharger', 'Copier', 'Imprimer']) {
      expect(within(codes).getByRole('button', { name })).toBeInTheDocument();
    }
    const done = within(codes).getByRole('button', { name: 'Terminer' });
    expect(done).toBeDisabled();
    await user.keyboard('{Escape}');
    expect(screen.getByRole('dialog', { name: 'Vos codes de secours' })).toBeInTheDocument();
    await user.click(within(codes).getByRole('checkbox', { name: 'J’ai conservé mes codes' }));
    await user.click(done);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(onChanged).toHaveBeenCalledTimes(1);
    expect(notify).toHaveBeenCalledWith('messages.facteurs.application.ajoutee', 'success');
  });

  it('shows since when, the last use and the codes left with a warning when few; renews the codes behind the password', async () => {
    const user = userEvent.setup();
    show(ENROLLED);
    const section = screen.getByRole('region', { name: 'Application d’authentification' });
    expect(within(section).getByText('Ajoutée le 02/11/2026')).toBeInTheDocument();
    expect(within(section).getByText(/Dernière utilisation le 28\/11\/2026 à 17:05/)).toBeInTheDocument();
    expect(within(section).getByText('2 codes de secours restants')).toBeInTheDocument();
    expect(within(section).getByText(/Il vous reste peu de codes de secours/)).toBeInTheDocument();

    await user.click(within(section).getByRole('button', { name: 'Renouveler les codes de secours' }));
    const dialog = await screen.findByRole('dialog', { name: 'Renouveler les codes de secours' });
    await typePassword(dialog, 'Portail#2026');
    const codes = await screen.findByRole('dialog', { name: 'Vos codes de secours' });
    expect(within(codes).getAllByRole('listitem')[0]).toHaveTextContent('WXYZ2-FGHJK');
    expect(calls.find((call) => call.path === '/api/user/facteurs/secours')?.body).toEqual({
      motDePasse: 'Portail#2026',
    });
    expect(notify).toHaveBeenCalledWith('messages.facteurs.secours.renouveles', 'success');
  });

  it('removes the app after a confirmation and the password, and tells that the text-message code is back on', async () => {
    const user = userEvent.setup();
    const onChanged = show({
      ...ENROLLED,
      application: {
        ...ENROLLED.application,
        codesSecoursRestants: 8,
        derniereUtilisation: null,
      } as FactorsReply['application'],
    });
    const section = screen.getByRole('region', { name: 'Application d’authentification' });
    expect(within(section).getByText('Pas encore utilisée pour une connexion')).toBeInTheDocument();
    expect(within(section).queryByText(/Il vous reste peu de codes/)).not.toBeInTheDocument();
    await user.click(within(section).getByRole('button', { name: 'Retirer l’application' }));
    const sure = await screen.findByRole('dialog', { name: 'Retirer l’application ?' });
    await user.click(within(sure).getByRole('button', { name: 'Retirer l’application' }));
    const dialog = await screen.findByRole('dialog', { name: 'Retirer l’application d’authentification' });
    await typePassword(dialog, 'Portail#2026');
    await waitFor(() => expect(onChanged).toHaveBeenCalledTimes(1));
    expect(notify).toHaveBeenCalledWith('messages.facteurs.application.retiree', 'success');
    expect(notify).toHaveBeenCalledWith('messages.facteurs.sms.active', 'success');
  });

  it('asks no password of a session that enrols before its second step (a correspondant who must add a factor first)', async () => {
    const user = userEvent.setup();
    signInAs(['ROLE_CORRESPONDANT'], { doubleAuthentificationConfirmee: false });
    show(NONE);
    await user.click(screen.getByRole('button', { name: 'Ajouter une application' }));
    const scan = await screen.findByRole('dialog', { name: 'Ajouter une application d’authentification' });
    expect(within(scan).getByText('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP')).toBeInTheDocument();
    expect(within(scan).queryByLabelText(/^Mot de passe actuel/)).not.toBeInTheDocument();
    expect(calls.find((call) => call.path === '/api/user/facteurs/application/options')?.body).toEqual({});
  });
});

import type { FactorsReply } from '@portail/contract/schemas/second-factors';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Providers } from '../../../app/providers';
import { SmsFactorSection } from './sms-factor-section';

vi.setConfig({ testTimeout: 20_000 });
vi.mock('../../../lib/notify', () => import('../../../test/notify-stub'));

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const factors = (overrides: Partial<FactorsReply> = {}): FactorsReply => ({
  exige: false,
  cles: [
    {
      id: 3,
      nom: 'Ordinateur du bureau',
      creeLe: '2026-11-20T09:00:00.000Z',
      derniereUtilisation: null,
      synchronisee: false,
    },
  ],
  application: null,
  sms: { tel: '•• •• •• •• 12', actif: true, modifiable: true },
  ...overrides,
});

afterEach(() => vi.unstubAllGlobals());

describe('the text-message code’s switch', () => {
  it('goes off with the password, and the tab reads the factors again', async () => {
    const bodies: unknown[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        if (String(input) === '/api/user/facteurs/sms' && init?.method === 'PUT') {
          const body = JSON.parse(String(init.body)) as { motDePasse: string };
          bodies.push(body);
          if (body.motDePasse !== 'Portail#2026')
            return json(
              {
                status: 400,
                message: 'errors.validation',
                fieldErrors: [{ field: 'motDePasse', defaultMessage: 'errors.motDePasseActuel' }],
                ciemException: {
                  messages: [{ level: 'WARN', errorCode: 'coordonnees.motDePasse.faux', args: ['2'] }],
                },
              },
              400,
            );
          return json({
            actif: false,
            ciemException: { messages: [{ level: 'INFO', errorCode: 'facteurs.sms.desactive' }] },
          });
        }
        return json({}, 404);
      }),
    );
    const onChanged = vi.fn();
    const user = userEvent.setup();
    render(
      <Providers>
        <SmsFactorSection factors={factors()} onChanged={onChanged} />
      </Providers>,
    );
    expect(screen.getByText('Envoyé au •• •• •• •• 12')).toBeInTheDocument();
    expect(screen.getByText('Activé')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Désactiver le code par SMS' }));
    const dialog = await screen.findByRole('dialog', { name: 'Désactiver le code par SMS' });
    await user.type(within(dialog).getByLabelText('Mot de passe actuel', { selector: 'input' }), 'Mauvais#1');
    await user.click(within(dialog).getByRole('button', { name: 'Désactiver le code par SMS' }));
    expect(await within(dialog).findByText(/Après 2 autre\(s\) erreur/)).toBeInTheDocument();
    expect(onChanged).not.toHaveBeenCalled();
    await user.clear(within(dialog).getByLabelText('Mot de passe actuel', { selector: 'input' }));
    await user.type(
      within(dialog).getByLabelText('Mot de passe actuel', { selector: 'input' }),
      'Portail#2026',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Désactiver le code par SMS' }));
    await waitFor(() => expect(onChanged).toHaveBeenCalled());
    expect(bodies.at(-1)).toEqual({ actif: false, motDePasse: 'Portail#2026' });
  });

  it('cannot go off without a passkey or an app, and says why', () => {
    render(
      <Providers>
        <SmsFactorSection
          factors={factors({ cles: [], sms: { tel: '•• 12', actif: true, modifiable: false } })}
          onChanged={() => undefined}
        />
      </Providers>,
    );
    expect(screen.queryByRole('button', { name: 'Désactiver le code par SMS' })).not.toBeInTheDocument();
    expect(screen.getByText(/ajoutez d’abord une clé d’accès/)).toBeInTheDocument();
  });

  it('offers to come back on once off', () => {
    render(
      <Providers>
        <SmsFactorSection
          factors={factors({ sms: { tel: '•• 12', actif: false, modifiable: true } })}
          onChanged={() => undefined}
        />
      </Providers>,
    );
    expect(screen.getByText('Désactivé')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Réactiver le code par SMS' })).toBeInTheDocument();
  });
});

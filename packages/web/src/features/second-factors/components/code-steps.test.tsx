import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Providers } from '../../../app/providers';
import { AppCodeStep } from './app-code-step';
import { RecoveryCodeStep } from './recovery-code-step';

vi.setConfig({ testTimeout: 20_000 });
vi.mock('../../../lib/notify', () => import('../../../test/notify-stub'));

const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });

const calls: { path: string; body: unknown }[] = [];
let answer: () => Response;

beforeEach(() => {
  calls.length = 0;
  answer = () => json({ ok: true, ciemException: { messages: [] } });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      calls.push({ path: String(input), body: init?.body ? JSON.parse(String(init.body)) : undefined });
      return answer();
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

describe('the app code step (docs/second-factors.md#second-step)', () => {
  it('tells a malformed code on the field without sending it, sends six digits and hands the reply over', async () => {
    const user = userEvent.setup();
    const onOutcome = vi.fn(async () => undefined);
    render(
      <Providers>
        <AppCodeStep onOutcome={onOutcome} />
      </Providers>,
    );
    const field = screen.getByRole('textbox', { name: /^Code de l’application/ });
    expect(field).toHaveAttribute('autocomplete', 'one-time-code');
    expect(field).toHaveAttribute('inputmode', 'numeric');
    expect(field).toHaveFocus();
    await user.type(field, '12345{Enter}');
    expect(await screen.findByText('Le code comporte 6 chiffres')).toBeInTheDocument();
    expect(calls).toEqual([]);
    await user.clear(field);
    await user.type(field, '123456{Enter}');
    await waitFor(() =>
      expect(onOutcome).toHaveBeenCalledWith({ ok: true, ciemException: { messages: [] } }),
    );
    expect(calls).toEqual([
      { path: '/api/oauth/doubleAuthentification/application', body: { code: '123456' } },
    ]);
  });

  it('a wrong code warns through the page and empties the field; a wait across sessions (429) becomes a message', async () => {
    const user = userEvent.setup();
    const onOutcome = vi.fn(async () => undefined);
    render(
      <Providers>
        <AppCodeStep onOutcome={onOutcome} />
      </Providers>,
    );
    const field = screen.getByRole('textbox', { name: /^Code de l’application/ });
    answer = () =>
      json({ ok: false, ciemException: { messages: [{ level: 'WARN', errorCode: 'tentative.1' }] } });
    await user.type(field, '654321{Enter}');
    await waitFor(() =>
      expect(onOutcome).toHaveBeenCalledWith({
        ok: false,
        ciemException: { messages: [{ level: 'WARN', errorCode: 'tentative.1' }] },
      }),
    );
    await waitFor(() => expect(field).toHaveValue(''));
    answer = () =>
      json({ status: 429, error: 'Too Many Requests', message: 'authConfirm.error.tooManyCodes' }, 429, {
        'Retry-After': '600',
      });
    await user.type(field, '111111{Enter}');
    await waitFor(() =>
      expect(onOutcome).toHaveBeenLastCalledWith({
        ok: false,
        ciemException: { messages: [{ level: 'WARN', errorCode: 'code.tooManyAttempts', args: ['10'] }] },
      }),
    );
  });
});

describe('the recovery code step', () => {
  it('takes a code as kept (lower case, spaces), refuses letters outside the alphabet without sending', async () => {
    const user = userEvent.setup();
    const onOutcome = vi.fn(async () => undefined);
    render(
      <Providers>
        <RecoveryCodeStep onOutcome={onOutcome} />
      </Providers>,
    );
    const field = screen.getByRole('textbox', { name: /^Code de secours/ });
    await user.type(field, 'ABCDE-FGHI1{Enter}');
    expect(await screen.findByText(/Un code de secours comporte 10 lettres et chiffres/)).toBeInTheDocument();
    expect(calls).toEqual([]);
    await user.clear(field);
    await user.type(field, 'abcde fghjk{Enter}');
    await waitFor(() => expect(onOutcome).toHaveBeenCalledTimes(1));
    expect(calls).toEqual([
      { path: '/api/oauth/doubleAuthentification/secours', body: { code: 'abcde fghjk' } },
    ]);
  });
});

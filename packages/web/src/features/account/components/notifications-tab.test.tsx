import type { NotificationPreferences } from '@portail/contract/schemas/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Providers } from '../../../app/providers';
import { notify } from '../../../lib/notify';
import { NotificationsTab } from './notifications-tab';

vi.setConfig({ testTimeout: 20_000 });
vi.mock('../../../lib/notify', () => import('../../../test/notify-stub'));

const PARTICIPANT: NotificationPreferences = {
  emailOnFile: true,
  mobileOnFile: true,
  choices: [
    { kind: 'DOCUMENTS', channel: 'MAIL', enabled: true },
    { kind: 'DOCUMENTS', channel: 'SMS', enabled: false },
    { kind: 'APPOINTMENTS', channel: 'MAIL', enabled: true },
    { kind: 'APPOINTMENTS', channel: 'SMS', enabled: false },
    { kind: 'REMINDERS', channel: 'MAIL', enabled: true },
    { kind: 'REMINDERS', channel: 'SMS', enabled: true },
  ],
};

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

let sent: unknown[] = [];
let preferences: NotificationPreferences = PARTICIPANT;
let refuse = false;

beforeEach(() => {
  sent = [];
  refuse = false;
  preferences = PARTICIPANT;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_input: RequestInfo | URL, init?: RequestInit) => {
      if (init?.method === 'PUT') {
        const body = JSON.parse(String(init.body)) as { choices: NotificationPreferences['choices'] };
        sent.push(body);
        if (refuse)
          return json(
            {
              status: 400,
              error: 'Bad Request',
              message: 'errors.validation',
              fieldErrors: [{ field: 'choices.1.enabled', defaultMessage: 'notifications.errors.noMobile' }],
            },
            400,
          );
        return json({ ...preferences, choices: body.choices });
      }
      return json(preferences);
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

function show() {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <Providers>
        <NotificationsTab />
      </Providers>
    </QueryClientProvider>,
  );
}

describe('the notifications tab (docs/notifications-and-delivery.md#preferences)', () => {
  it('shows each subject by channel as a labelled box with the defaults, and explains the quiet hours', async () => {
    show();
    expect(await screen.findByRole('checkbox', { name: 'Nouveaux documents par e-mail' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Nouveaux documents par sms' })).not.toBeChecked();
    expect(
      screen.getByRole('checkbox', { name: 'Rappel 48 heures avant un rendez-vous par sms' }),
    ).toBeChecked();
    expect(screen.getByText(/entre 21 h et 8 h/)).toBeVisible();
    expect(screen.getByRole('button', { name: 'Enregistrer mes choix' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
  });

  it('saves the choices changed and says so', async () => {
    show();
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('checkbox', { name: 'Nouveaux documents par sms' }));
    await user.click(screen.getByRole('button', { name: 'Enregistrer mes choix' }));
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      choices: expect.arrayContaining([{ kind: 'DOCUMENTS', channel: 'SMS', enabled: true }]),
    });
    expect(vi.mocked(notify)).toHaveBeenCalledWith('notifications.saved', 'success');
  });

  it('with the keyboard, keeps the focus on the save button once saved (nothing left to save)', async () => {
    show();
    const user = userEvent.setup({ delay: null });
    const box = await screen.findByRole('checkbox', { name: 'Nouveaux documents par sms' });
    box.focus();
    await user.keyboard(' ');
    expect(box).toBeChecked();
    const save = screen.getByRole('button', { name: 'Enregistrer mes choix' });
    for (let step = 0; step < 10 && document.activeElement !== save; step += 1) await user.tab();
    expect(save).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(vi.mocked(notify)).toHaveBeenCalledWith('notifications.saved', 'success');
    await waitFor(() => expect(save).toHaveAttribute('aria-disabled', 'true'));
    expect(save).toHaveFocus();
    // Nothing changed since: pressing again sends nothing.
    await user.keyboard('{Enter}');
    expect(sent).toHaveLength(1);
  });

  it('shows the server’s refusal in words', async () => {
    refuse = true;
    show();
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('checkbox', { name: 'Nouveaux documents par sms' }));
    await user.click(screen.getByRole('button', { name: 'Enregistrer mes choix' }));
    expect(
      await screen.findByText('Un SMS demande un téléphone portable enregistré dans vos coordonnées.'),
    ).toBeVisible();
  });

  it('without a mobile on file, text messages are off, disabled and the reason is told', async () => {
    preferences = { ...PARTICIPANT, mobileOnFile: false };
    show();
    const sms = await screen.findByRole('checkbox', {
      name: 'Rappel 48 heures avant un rendez-vous par sms',
    });
    expect(sms).not.toBeChecked();
    expect(sms).toBeDisabled();
    expect(screen.getByText(/Aucun téléphone portable n’est enregistré/)).toBeVisible();
  });
});

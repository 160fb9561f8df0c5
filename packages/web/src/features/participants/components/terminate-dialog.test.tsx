import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeParticipantApi } from '../../../test/participant-fixtures';
import { TerminateDialog } from './terminate-dialog';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('terminate dialog', () => {
  it('cannot be confirmed before a reason is chosen', async () => {
    fakeParticipantApi();
    const onConfirm = vi.fn();
    render(
      <QueryClientProvider client={new QueryClient()}>
        <TerminateDialog open name="MARTIN Claire" onConfirm={onConfirm} onClose={() => undefined} />
      </QueryClientProvider>,
    );
    const dialog = screen.getByRole('dialog', { name: 'Résilier le participant' });
    expect(dialog).toHaveTextContent("L'adhésion de MARTIN Claire prendra fin aujourd'hui");
    const confirm = screen.getByRole('button', { name: 'Résilier' });
    expect(confirm).toBeDisabled();
    const user = userEvent.setup();
    await user.click(screen.getByRole('combobox', { name: /^Motif de résiliation/ }));
    await user.click(await screen.findByRole('option', { name: "Départ de l'entreprise" }));
    expect(confirm).toBeEnabled();
    await user.click(confirm);
    expect(onConfirm).toHaveBeenCalledWith(50);
  });
});

import type { MutationRow } from '@portail/contract/schemas/mutations';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MutationActions } from './mutation-actions';

afterEach(() => {
  vi.unstubAllGlobals();
});

const row: MutationRow = {
  id: 42,
  date: '2026-03-02T08:15:00.000Z',
  auteurMouvement: 'Claire DUPONT',
  participant: { id: 7, nom: 'MARTIN', prenom: 'Léa', name: 'MARTIN Léa', bilanEnCours: true },
  allowedToCancel: 1,
  allowedToAccept: true,
  encours: true,
  etablissementDestination: { id: 10, raisonsociale: 'Durand SA – Lyon' },
  etablissementSource: { id: 1, raisonsociale: 'Bernard – Siège' },
  motifMouvement: null,
  commentaireMouvement: null,
  sens: 'ENTRANTE',
  typeMouvement: { id: 60, label: 'Mutation', labelEn: 'Transfer' },
  bilanEnCours: true,
  demandePriseEnChargeBilan: true,
};

function renderActions(mutation: MutationRow, onOutcome = vi.fn()) {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MutationActions mutation={mutation} onOutcome={onOutcome} />
    </QueryClientProvider>,
  );
  return onOutcome;
}

describe('transfer actions', () => {
  it('accepts after confirming, warning that the check-up in progress follows', async () => {
    const fetchMock = vi.fn(
      async (_input: RequestInfo | URL, _init?: RequestInit) =>
        new Response(
          JSON.stringify({
            ciemException: { messages: [{ level: 'INFO', errorCode: 'mutation.acceptee' }] },
          }),
          { headers: { 'content-type': 'application/json' } },
        ),
    );
    vi.stubGlobal('fetch', fetchMock);
    const onOutcome = renderActions(row);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Accepter' }));
    const dialog = screen.getByRole('dialog', { name: 'Accepter la mutation' });
    expect(dialog).toHaveTextContent("MARTIN Léa rejoindra l'établissement Durand SA – Lyon");
    expect(within(dialog).getByRole('alert')).toHaveTextContent('le bilan en cours sera transféré avec lui');
    await user.click(within(dialog).getByRole('button', { name: 'Accepter la mutation' }));
    await vi.waitFor(() =>
      expect(onOutcome).toHaveBeenCalledWith(
        expect.objectContaining({
          kind: 'done',
          messages: [{ level: 'INFO', errorCode: 'mutation.acceptee' }],
        }),
      ),
    );
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe('/api/mutation/42/accepter');
    expect(fetchMock.mock.calls[0]?.[1]?.method).toBe('POST');
    expect(fetchMock.mock.calls[0]?.[1]?.body).toBeNull();
  });

  it('hands a refusal back with its messages', async () => {
    const refusal = {
      status: 409,
      error: 'Conflict',
      message: 'errors.business',
      ciemException: { messages: [{ level: 'ERROR', errorCode: 'mutation.error.dejaTraitee' }] },
    };
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(JSON.stringify(refusal), {
            status: 409,
            headers: { 'content-type': 'application/json' },
          }),
      ),
    );
    const onOutcome = renderActions({ ...row, allowedToAccept: false });
    const user = userEvent.setup();
    expect(screen.queryByRole('button', { name: 'Accepter' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Annuler la mutation' }));
    const dialog = screen.getByRole('dialog', { name: 'Annuler la mutation' });
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Annuler la mutation' }));
    await vi.waitFor(() =>
      expect(onOutcome).toHaveBeenCalledWith(
        expect.objectContaining({
          kind: 'refused',
          messages: [{ level: 'ERROR', errorCode: 'mutation.error.dejaTraitee' }],
        }),
      ),
    );
  });

  it('shows cancel on a closed transfer, disabled and saying why', () => {
    renderActions({ ...row, encours: false, allowedToAccept: false, allowedToCancel: 0 });
    const cancel = screen.getByRole('button', { name: 'Annuler la mutation' });
    expect(cancel).toBeDisabled();
    expect(cancel).toHaveAccessibleDescription(
      'Cette mutation est clôturée : elle ne peut plus être annulée.',
    );
  });

  it('warns of no takeover when none was asked', async () => {
    renderActions({ ...row, demandePriseEnChargeBilan: false });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Accepter' }));
    expect(
      within(screen.getByRole('dialog', { name: 'Accepter la mutation' })).queryByRole('alert'),
    ).not.toBeInTheDocument();
  });
});

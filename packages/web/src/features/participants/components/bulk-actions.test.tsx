import type { ParticipantRow } from '@portail/contract/schemas/participants';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, renderHook, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { TableQuery } from '../../../components/table-query';
import { fakeParticipantApi } from '../../../test/participant-fixtures';
import { useParticipantSelection } from '../use-participant-selection';
import { BulkTerminateDialog } from './bulk-terminate-dialog';
import { ParticipantsTable } from './participants-table';
import { SelectionBar } from './selection-bar';

vi.setConfig({ testTimeout: 20_000 });

beforeAll(() => {
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const row = (id: number, nom: string, prenom: string): ParticipantRow => ({
  id,
  actif: true,
  civilite: null,
  nom,
  prenom,
  dateNaissance: '1980-01-01',
  mail: null,
  mutationEnCours: false,
  bilanEnCours: false,
  raisonSocialeEntreprise: 'Durand SA',
  idEntreprise: 1,
  idEtablissement: 1,
});
const PAGE_ONE = [row(1, 'DURAND', 'Anne'), row(2, 'MARTIN', 'Paul')];
const PAGE_TWO = [row(3, 'PETIT', 'Luc')];
const ORGANISATIONS = {
  showCompanies: false,
  showEstablishments: false,
  establishmentName: () => '',
} as unknown as Parameters<typeof ParticipantsTable>[0]['organisations'];

/** The list with its selection, two pages, as the page wires them. */
function SelectableList({ onCount }: { onCount: (count: number, kind: string) => void }) {
  const [query, setQuery] = useState<TableQuery>({ page: 0, size: 10 });
  const rows = query.page === 0 ? PAGE_ONE : PAGE_TWO;
  const selection = useParticipantSelection('filter', rows);
  onCount(selection.count(3), selection.state.kind);
  return (
    <QueryClientProvider client={new QueryClient()}>
      <ParticipantsTable
        rows={rows}
        rowCount={12}
        loading={false}
        query={query}
        onQueryChange={setQuery}
        onOpen={() => undefined}
        organisations={ORGANISATIONS}
        selection={{
          isSelected: selection.isSelected,
          onToggle: selection.toggle,
          onTogglePage: selection.togglePage,
          rowLabel: (r) => `Sélectionner ${r.nom} ${r.prenom}`,
          pageLabel: 'Sélectionner les participants de cette page',
        }}
      />
    </QueryClientProvider>
  );
}

const EXPORTING = 'Export Excel en cours de préparation…';

describe('selecting participants in the list', () => {
  it('names each row checkbox after its participant, selects a page from the header, and keeps the selection across pages', async () => {
    fakeParticipantApi();
    const counts: [number, string][] = [];
    render(<SelectableList onCount={(count, kind) => counts.push([count, kind])} />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('checkbox', { name: 'Sélectionner DURAND Anne' }));
    expect(counts.at(-1)).toEqual([1, 'ids']);
    await user.click(screen.getByRole('checkbox', { name: 'Sélectionner les participants de cette page' }));
    expect(counts.at(-1)).toEqual([2, 'ids']);
    expect(screen.getByRole('checkbox', { name: 'Sélectionner MARTIN Paul' })).toBeChecked();
    await user.click(screen.getByRole('button', { name: /page suivante/i }));
    await user.click(await screen.findByRole('checkbox', { name: 'Sélectionner PETIT Luc' }));
    expect(counts.at(-1)).toEqual([3, 'ids']);
  });

  it('starts over when the filter changes, and unticking one row of "all matching" keeps the page', () => {
    const { result, rerender } = renderHook(({ key }) => useParticipantSelection(key, PAGE_ONE), {
      initialProps: { key: 'a' },
    });
    act(() => result.current.selectAllMatching());
    expect(result.current.count(40)).toBe(40);
    expect(result.current.body({ nom: 'DU' })).toEqual({ filtre: { nom: 'DU' } });
    act(() => result.current.toggle(PAGE_ONE[0] as ParticipantRow, false));
    expect(result.current.body({})).toEqual({ ids: [2] });
    rerender({ key: 'b' });
    expect(result.current.state).toEqual({ kind: 'none' });
    expect(result.current.body({})).toBeNull();
  });
});

describe('selection bar', () => {
  it('tells how many are selected and offers every participant of the filter, then clearing', async () => {
    const onSelectAll = vi.fn();
    const { rerender } = render(
      <SelectionBar
        count={2}
        total={40}
        allMatching={false}
        onSelectAll={onSelectAll}
        onClear={() => undefined}
        onExport={async () => undefined}
        onTerminate={() => undefined}
      />,
    );
    const bar = screen.getByRole('region', { name: 'Sélection' });
    expect(bar).toHaveTextContent('2 participants sélectionnés.');
    await userEvent.setup().click(
      within(bar).getByRole('button', {
        name: 'Sélectionner les 40 participants correspondant à la recherche',
      }),
    );
    expect(onSelectAll).toHaveBeenCalled();
    rerender(
      <SelectionBar
        count={40}
        total={40}
        allMatching
        onSelectAll={onSelectAll}
        onClear={() => undefined}
        onExport={async () => undefined}
        onTerminate={() => undefined}
      />,
    );
    expect(bar).toHaveTextContent('Les 40 participants correspondant à la recherche sont sélectionnés.');
    expect(within(bar).getByRole('button', { name: 'Effacer la sélection' })).toBeEnabled();
    expect(within(bar).getByRole('button', { name: 'Résilier la sélection' })).toBeEnabled();
  });

  it('keeps the focus on "export" while the workbook is made, and a second press asks nothing more', async () => {
    let finish: () => void = () => undefined;
    const onExport = vi.fn(
      () =>
        new Promise<void>((resolve) => {
          finish = resolve;
        }),
    );
    render(
      <SelectionBar
        count={2}
        total={40}
        allMatching={false}
        onSelectAll={() => undefined}
        onClear={() => undefined}
        onExport={onExport}
        onTerminate={() => undefined}
      />,
    );
    const user = userEvent.setup();
    const exportButton = screen.getByRole('button', { name: 'Exporter la sélection' });
    exportButton.focus();
    await user.keyboard('{Enter}');
    expect(exportButton).toHaveAttribute('aria-busy', 'true');
    expect(exportButton).toHaveAttribute('aria-disabled', 'true');
    // Not disabled: a disabled button would drop the focus to the page's start.
    expect(exportButton).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(onExport).toHaveBeenCalledTimes(1);
    expect(screen.getAllByRole('status').map((region) => region.textContent)).toContain(EXPORTING);
    await act(async () => finish());
    expect(exportButton).not.toHaveAttribute('aria-disabled');
    expect(exportButton).toHaveFocus();
  });

  it('does not offer a bulk terminate over 5,000 participants, and says why', () => {
    render(
      <SelectionBar
        count={6000}
        total={6000}
        allMatching
        onSelectAll={() => undefined}
        onClear={() => undefined}
        onExport={async () => undefined}
        onTerminate={() => undefined}
      />,
    );
    expect(screen.getByRole('button', { name: 'Résilier la sélection' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Exporter la sélection' })).toBeEnabled();
    expect(screen.getByRole('region')).toHaveTextContent(/au plus/);
  });
});

describe('bulk terminate dialog', () => {
  it('asks for a reason, says how many, then sums up who was terminated and who was refused and why', async () => {
    const api = fakeParticipantApi();
    api.bulkTerminate = {
      status: 200,
      body: {
        terminated: 1,
        refused: [
          {
            id: 2,
            nom: 'MARTIN',
            prenom: 'Paul',
            messages: [{ level: 'ERROR', errorCode: 'participant.error.resiliationBilanEnCours' }],
          },
          {
            id: 9,
            nom: null,
            prenom: null,
            messages: [{ level: 'ERROR', errorCode: 'participant.error.introuvable' }],
          },
        ],
      },
    };
    const onDone = vi.fn();
    render(
      <QueryClientProvider client={new QueryClient()}>
        <BulkTerminateDialog
          open
          count={3}
          selection={{ ids: [1, 2, 9] }}
          onDone={onDone}
          onClose={() => undefined}
        />
      </QueryClientProvider>,
    );
    const dialog = screen.getByRole('dialog', { name: 'Résilier la sélection' });
    expect(dialog).toHaveTextContent("L'adhésion des 3 participants sélectionnés prendra fin aujourd'hui");
    const confirm = within(dialog).getByRole('button', { name: 'Résilier 3 participants' });
    expect(confirm).toBeDisabled();
    const user = userEvent.setup();
    await user.click(within(dialog).getByRole('combobox', { name: /^Motif de résiliation/ }));
    await user.click(await screen.findByRole('option', { name: "Départ de l'entreprise" }));
    await user.click(confirm);
    expect(await within(dialog).findByText('1 participant résilié.')).toBeInTheDocument();
    // The form and its buttons are gone: the focus is on the summary, read from its start.
    await waitFor(() => expect(document.activeElement).toHaveTextContent(/^1 participant résilié\./));
    expect(dialog).toContainElement(document.activeElement as HTMLElement);
    expect(api.calls.find((c) => c.path === '/api/adherentsCorrespondant/resilier')?.body).toEqual({
      selection: { ids: [1, 2, 9] },
      motifMouvement: 50,
    });
    const refused = within(dialog).getByRole('list', { name: 'Participants non résiliés' });
    const items = within(refused).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('MARTIN Paul (n° 2)');
    expect(items[0]).toHaveTextContent('Impossible de résilier ce participant : un bilan est en cours.');
    expect(items[1]).toHaveTextContent('Participant n° 9');
    expect(items[1]).toHaveTextContent(
      "Ce participant n'existe pas ou ne fait pas partie de votre périmètre.",
    );
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(onDone).toHaveBeenCalled();
  });
});

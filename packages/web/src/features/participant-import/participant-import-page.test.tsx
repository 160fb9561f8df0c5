import type {
  ImportCheckedRow,
  ImportCheckReply,
  ImportStatusReply,
} from '@portail/contract/schemas/participant-import';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ConfirmProvider } from '../../components/confirm-provider';
import { changeLanguage } from '../../lib/i18n';
import { saveFile } from '../../lib/save-file';
import { ParticipantImportPage } from './participant-import-page';

vi.mock('../../lib/notify', () => ({ notify: vi.fn(), showToast: vi.fn() }));
vi.mock('../../lib/save-file', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../lib/save-file')>()),
  saveFile: vi.fn(),
}));
vi.setConfig({ testTimeout: 30_000 });

const CHECK_ID = '2b1c1f9e-7d1a-4c58-9a53-0e2f3c4d5e6f';
const PATH = '/adherentsCorrespondant/import';

interface Call {
  url: string;
  method: string;
  body: unknown;
}

type Reply = Response | (() => Response);
let calls: Call[];
let replies: Map<string, Reply[]>;

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const workbook = (name: string) =>
  new Response(new Blob(['xlsx']), {
    status: 200,
    headers: { 'Content-Disposition': `attachment; filename="${name}"` },
  });

/** Queues the replies of `METHOD path` (path without the query), the last one kept for later calls. */
function answer(key: string, ...queued: Reply[]) {
  replies.set(key, queued);
}

function row(line: number, status: ImportCheckedRow['status'], extra: Partial<ImportCheckedRow> = {}) {
  return {
    line,
    status,
    participantId: status === 'update' || status === 'unchanged' ? 100 + line : null,
    cells: {
      nom: `NOM${line}`,
      prenom: `Prénom${line}`,
      'adresse.codePostal': '75001',
      mail: `p${line}@example.fr`,
    },
    errors: [],
    warnings: [],
    differences: [],
    ...extra,
  } satisfies ImportCheckedRow;
}

function checkReply(overrides: Partial<ImportCheckReply> = {}): ImportCheckReply {
  const rows = [
    row(2, 'new'),
    row(3, 'error', {
      cells: { nom: '', prenom: 'Jean', 'adresse.codePostal': '7500', mail: 'jean@example.fr' },
      errors: [
        { column: 'nom', message: { key: 'errors.required', params: {} } },
        { column: 'adresse.codePostal', message: { key: 'errors.maxlength', params: { '0': '5' } } },
        { column: null, message: { key: 'participant.error.doublon', params: {} } },
      ],
    }),
    row(4, 'update', {
      differences: [{ column: 'mail', before: 'ancien@example.fr', after: 'p4@example.fr' }],
    }),
    row(5, 'unchanged'),
    row(6, 'new'),
  ];
  return {
    id: CHECK_ID,
    fileName: 'salaries.csv',
    format: 'csv',
    columns: [
      { key: 'nom', header: 'Nom', position: 1 },
      { key: 'prenom', header: 'Prénom', position: 2 },
      { key: 'adresse.codePostal', header: 'CP', position: 3 },
      { key: 'mail', header: 'Mail', position: 4 },
    ],
    unknownColumns: [
      {
        header: 'Badge',
        position: 5,
        message: { key: 'errors.import.unknownColumn', params: { header: 'Badge' } },
      },
    ],
    skippedExampleLines: [7],
    counts: { rows: 5, new: 2, update: 1, unchanged: 1, error: 1 },
    rows,
    expiresAt: '2026-06-01T10:30:00Z',
    ...overrides,
  };
}

/** What the page's status regions say (read out by screen readers as it changes). */
const statusTexts = () => screen.getAllByRole('status').map((region) => region.textContent ?? '');

function status(overrides: Partial<ImportStatusReply> = {}): ImportStatusReply {
  return {
    id: CHECK_ID,
    fileName: 'salaries.csv',
    state: 'running',
    done: 1,
    total: 3,
    created: 1,
    updated: 0,
    unchanged: 0,
    refused: 0,
    activationsSent: 1,
    activationsQueued: 0,
    activationsFailed: 0,
    startedAt: '2026-06-01T09:31:00Z',
    finishedAt: null,
    refusals: [],
    ...overrides,
  };
}

beforeAll(async () => {
  // The confirmation dialog loads on first use; have it ready.
  await import('../../components/confirm-dialog');
});

beforeEach(() => {
  calls = [];
  replies = new Map();
  vi.mocked(saveFile).mockClear();
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      const method = init?.method ?? 'GET';
      const body = typeof init?.body === 'string' ? JSON.parse(init.body) : null;
      calls.push({ url, method, body });
      const key = `${method} ${url.split('?')[0]}`;
      const queue = replies.get(key);
      const next = queue && (queue.length > 1 ? queue.shift() : queue[0]);
      if (!next) return json(500, { message: 'http.500' });
      return typeof next === 'function' ? next() : next.clone();
    }),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
});

function renderPage(entry = PATH) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(
    [
      { path: PATH, element: <ParticipantImportPage /> },
      { path: '/adherentsCorrespondant', element: <p>Liste</p> },
    ],
    { initialEntries: [entry] },
  );
  render(
    <QueryClientProvider client={queryClient}>
      <ConfirmProvider>
        <RouterProvider router={router} />
      </ConfirmProvider>
    </QueryClientProvider>,
  );
  return { user: userEvent.setup({ delay: null }), router };
}

const csv = (text = 'Nom;Prénom\nDUPONT;Jean\n', name = 'salaries.csv') =>
  new File([text], name, { type: 'text/csv' });
const fileInput = () => screen.getByTestId('import-file-input') as HTMLInputElement;
const CHECK = `POST /api/adherentsCorrespondant/import`;
const RUN = `POST /api/adherentsCorrespondant/import/${CHECK_ID}/executer`;
const STATUS = `GET /api/adherentsCorrespondant/import/${CHECK_ID}`;

async function uploadAndCheck(user: ReturnType<typeof userEvent.setup>, reply = checkReply()) {
  answer(CHECK, json(200, reply));
  await user.upload(fileInput(), csv());
  await user.click(screen.getByRole('button', { name: 'Vérifier le fichier' }));
  const heading = await screen.findByRole('heading', { name: '2. Vérifier les lignes' });
  // The step's heading takes the focus once shown (an effect after the paint): a test that moves the
  // focus itself waits for it, or a busy machine's late effect would take the focus back from it.
  await waitFor(() => expect(heading).toHaveFocus());
}

describe('participant import: the file', () => {
  it('offers both templates, the French one first, and downloads the one asked for', async () => {
    answer('GET /api/adherentsCorrespondant/import/modele', workbook('modele-participants.xlsx'));
    const { user } = renderPage();
    const buttons = screen.getAllByRole('button', { name: /^Modèle en/ });
    expect(buttons.map((button) => button.textContent)).toEqual([
      'Modèle en français (.xlsx)',
      'Modèle en anglais (.xlsx)',
    ]);
    await user.click(screen.getByRole('button', { name: 'Modèle en anglais (.xlsx)' }));
    await waitFor(() => expect(saveFile).toHaveBeenCalledWith(expect.anything(), 'modele-participants.xlsx'));
    expect(calls[0]?.url).toBe('/api/adherentsCorrespondant/import/modele?langue=en_EN');
    expect(screen.getByText('Le modèle a été téléchargé.')).toHaveAttribute('role', 'status');
  });

  it('shows the chosen file, sends it as base64 with its name and the language, and opens the check', async () => {
    const { user } = renderPage();
    expect(screen.getByRole('button', { name: 'Vérifier le fichier' })).toBeDisabled();
    expect(screen.getByText('Aucun fichier choisi')).toBeInTheDocument();
    answer(CHECK, json(200, checkReply()));
    await user.upload(fileInput(), csv());
    expect(screen.getByText(/^Fichier choisi : salaries\.csv \(1 ko\)$/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Choisir un autre fichier' })).toHaveAccessibleDescription(
      /\.xlsx ou \.csv, 10 Mo au plus Fichier choisi : salaries\.csv/,
    );
    await user.click(screen.getByRole('button', { name: 'Vérifier le fichier' }));
    const heading = await screen.findByRole('heading', { name: '2. Vérifier les lignes' });
    await waitFor(() => expect(heading).toHaveFocus());
    const sent = calls.find((call) => call.method === 'POST');
    expect(sent?.body).toEqual({
      nomFichier: 'salaries.csv',
      fichier: Buffer.from('Nom;Prénom\nDUPONT;Jean\n').toString('base64'),
      langue: 'fr_FR',
    });
  });

  it('refuses a file over 10 MB in the browser, without sending it', async () => {
    const { user } = renderPage();
    const big = new File([new Uint8Array(10 * 1024 * 1024 + 1)], 'enorme.xlsx', {
      type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    });
    await user.upload(fileInput(), big);
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent("Ce fichier n'a pas pu être vérifié");
    expect(alert).toHaveTextContent('Le fichier dépasse 10 Mo');
    await user.click(screen.getByRole('button', { name: 'Vérifier le fichier' }));
    expect(calls).toEqual([]);
  });

  it('says why the server refused the whole file, and stays on the file', async () => {
    const { user } = renderPage();
    answer(
      CHECK,
      json(422, {
        message: 'errors.import.missingColumns',
        importError: { key: 'errors.import.missingColumns', params: { columns: 'Nom, Date de naissance' } },
      }),
    );
    await user.upload(fileInput(), csv());
    await user.click(screen.getByRole('button', { name: 'Vérifier le fichier' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Nom, Date de naissance');
    expect(screen.getByRole('heading', { name: '1. Choisir le fichier' })).toBeInTheDocument();
    expect(screen.getByText(/^Fichier choisi : salaries\.csv/)).toBeInTheDocument();
  });

  it('takes a file dropped on its zone', async () => {
    renderPage();
    const zone = screen.getByTestId('import-drop-zone');
    const file = csv('a;b\n', 'depose.csv');
    const dataTransfer = { files: [file], types: ['Files'] };
    const { fireEvent } = await import('@testing-library/react');
    fireEvent.dragOver(zone, { dataTransfer });
    fireEvent.drop(zone, { dataTransfer });
    expect(await screen.findByText(/^Fichier choisi : depose\.csv/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Vérifier le fichier' })).toBeEnabled();
  });
});

describe('participant import: the check', () => {
  it('shows each problem on its cell, in words, and the rows with errors first', async () => {
    const { user } = renderPage();
    await uploadAndCheck(user);
    expect(screen.getByText(/salaries\.csv : 5 lignes lues/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'En erreur (1)' })).toHaveAttribute('aria-pressed', 'true');
    const table = screen.getByRole('table', { name: 'Lignes du fichier' });
    const rows = within(table).getAllByRole('row');
    // Header and the one row in error.
    expect(rows).toHaveLength(2);
    const line3 = rows[1] as HTMLElement;
    expect(within(line3).getByRole('rowheader')).toHaveTextContent('3');
    const name = line3.querySelector('[data-column="nom"]') as HTMLElement;
    expect(name).toHaveAttribute('data-invalid', 'true');
    expect(name).toHaveTextContent('(vide)Erreur : Élément obligatoire');
    const postalCode = line3.querySelector('[data-column="adresse.codePostal"]') as HTMLElement;
    expect(postalCode).toHaveTextContent('7500Erreur : Longueur maximale de 5 caractères');
    // Beside the status: the columns to correct (on a phone they may be far to the right).
    expect(line3).toHaveTextContent('À corriger : Nom, Code postal');
    // A row's own problem (no column) is told beside its status, by the business message's text.
    expect(line3).toHaveTextContent(/Erreur : Impossible : un participant actif portant les mêmes nom/);
    // The keyboard goes from the table's box to each cell in error, in order, and only to those.
    await user.click(screen.getByRole('region', { name: 'Lignes du fichier' }));
    await user.tab();
    expect(name).toHaveFocus();
    await user.tab();
    expect(postalCode).toHaveFocus();
    expect(
      within(table)
        .getAllByRole('cell')
        .filter((cell) => cell.tabIndex === 0),
    ).toHaveLength(2);
    // Headers: the interface's label, and the file's own header when it differs.
    expect(within(table).getByRole('columnheader', { name: /Code postal/ })).toHaveTextContent(
      'Code postalDans le fichier : CP',
    );
    // Unknown columns and the template's example line are said.
    expect(screen.getByText(/^Colonne « Badge » inconnue/)).toBeInTheDocument();
    expect(screen.getByText("La ligne d'exemple du modèle a été ignorée (ligne 7).")).toBeInTheDocument();
  });

  it('filters the rows and shows what an update changes', async () => {
    const { user } = renderPage();
    await uploadAndCheck(user);
    await user.click(screen.getByRole('button', { name: 'À mettre à jour (1)' }));
    const table = screen.getByRole('table', { name: 'Lignes du fichier' });
    const line4 = within(table).getAllByRole('row')[1] as HTMLElement;
    expect(line4.querySelector('[data-column="mail"]')).toHaveTextContent(
      'p4@example.frModifié. Avant : ancien@example.fr',
    );
    await user.click(screen.getByRole('button', { name: 'Toutes (5)' }));
    expect(within(table).getAllByRole('row')).toHaveLength(6);
  });

  it('shows a notice on its cell, not as an error, counts its rows and imports them all the same', async () => {
    const notice = {
      column: 'idEtablissement',
      message: {
        key: 'participantImport.notices.establishmentNotMoved',
        params: { id: 7, name: 'Usine de Lyon' },
      },
    };
    const base = checkReply();
    const rows = [
      ...base.rows.filter((checkedRow) => checkedRow.status !== 'error'),
      row(8, 'update', {
        cells: { nom: 'NOM8', prenom: 'Prénom8', idEtablissement: '12', mail: 'p8@example.fr' },
        differences: [{ column: 'mail', before: 'ancien@example.fr', after: 'p8@example.fr' }],
        warnings: [notice],
      }),
    ];
    const { user } = renderPage();
    await uploadAndCheck(
      user,
      checkReply({
        columns: [...base.columns, { key: 'idEtablissement', header: "N° d'établissement", position: 5 }],
        rows,
        counts: { rows: 5, new: 2, update: 2, unchanged: 1, error: 0 },
      }),
    );
    // The summary counts the rows with a notice; the chip shows them.
    await user.click(screen.getByRole('button', { name: 'Avec avertissement (1)' }));
    const table = screen.getByRole('table', { name: 'Lignes du fichier' });
    const line8 = within(table).getAllByRole('row')[1] as HTMLElement;
    expect(within(line8).getByRole('rowheader')).toHaveTextContent('8');
    // Still an update, its notice named beside the status.
    expect(line8).toHaveTextContent('À mettre à jour');
    expect(line8).toHaveTextContent("À vérifier : N° d'établissement");
    const establishment = line8.querySelector('[data-column="idEtablissement"]') as HTMLElement;
    expect(establishment).toHaveAttribute('data-notice', 'true');
    expect(establishment).not.toHaveAttribute('data-invalid');
    // Told in words (the word "Avertissement" for a screen reader), with an amber icon, never the error's.
    expect(establishment).toHaveTextContent(
      "12Avertissement : Un import ne change pas l'établissement : ce participant reste rattaché à Usine de Lyon (n° 7). Pour le changer d'établissement, demandez sa mutation depuis sa fiche (bouton « Muter »).",
    );
    expect(within(establishment).getByTestId('WarningAmberOutlinedIcon')).toBeInTheDocument();
    expect(within(establishment).queryByTestId('ErrorOutlineOutlinedIcon')).not.toBeInTheDocument();
    expect(establishment).not.toHaveTextContent('Erreur');
    // The other difference of the row is still shown, and the row is imported with the updates.
    expect(line8.querySelector('[data-column="mail"]')).toHaveTextContent('Avant : ancien@example.fr');
    await user.click(screen.getByRole('checkbox', { name: /Appliquer aussi les mises à jour de 2/ }));
    expect(screen.getByRole('button', { name: 'Importer 4 lignes' })).toBeEnabled();
  });

  it('shows a long file a page at a time', async () => {
    const rows = Array.from({ length: 60 }, (_, index) => row(index + 2, 'new'));
    const { user } = renderPage();
    await uploadAndCheck(
      user,
      checkReply({ rows, counts: { rows: 60, new: 60, update: 0, unchanged: 0, error: 0 } }),
    );
    const table = screen.getByRole('table', { name: 'Lignes du fichier' });
    expect(within(table).getAllByRole('row')).toHaveLength(26);
    expect(screen.getByText('1–25 sur 60')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Page suivante' }));
    expect(within(table).getAllByRole('rowheader')[0]).toHaveTextContent('27');
    // No update: no box to tick.
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Importer 60 lignes' })).toBeEnabled();
  });

  it('cannot import when no row is valid', async () => {
    const { user } = renderPage();
    await uploadAndCheck(
      user,
      checkReply({
        rows: [checkReply().rows[1] as ImportCheckedRow],
        counts: { rows: 1, new: 0, update: 0, unchanged: 0, error: 1 },
      }),
    );
    expect(screen.getByRole('button', { name: 'Importer 0 ligne' })).toBeDisabled();
    expect(screen.getByText(/Aucune ligne ne peut être importée/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Déposer un fichier corrigé' }));
    const heading = await screen.findByRole('heading', { name: '1. Choisir le fichier' });
    await waitFor(() => expect(heading).toHaveFocus());
  });

  it('says the file was imported already when every row is unchanged, without asking to correct it', async () => {
    const { user } = renderPage();
    await uploadAndCheck(
      user,
      checkReply({
        rows: [row(2, 'unchanged'), row(3, 'unchanged')],
        counts: { rows: 2, new: 0, update: 0, unchanged: 2, error: 0 },
      }),
    );
    expect(screen.getByText(/Les 2 lignes du fichier correspondent à des participants/)).toBeInTheDocument();
    expect(screen.queryByText(/Aucune ligne ne peut être importée/)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Importer 0 ligne' })).toBeDisabled();
  });

  it('imports the new rows and the updates once confirmed, then follows the import to its report', async () => {
    const { user, router } = renderPage();
    await uploadAndCheck(user);
    expect(screen.getByRole('button', { name: 'Importer 2 lignes' })).toBeEnabled();
    await user.click(
      screen.getByRole('checkbox', { name: 'Appliquer aussi la mise à jour de 1 participant existant' }),
    );
    await user.click(screen.getByRole('button', { name: 'Importer 3 lignes' }));
    const dialog = await screen.findByRole('dialog', { name: 'Importer les participants ?' });
    expect(dialog).toHaveTextContent('2 participants seront créés ; chacun recevra un mail d');
    expect(dialog).toHaveTextContent('1 participant existant sera mis à jour');
    expect(dialog).toHaveTextContent('2 lignes ne seront pas importées');
    answer(RUN, json(202, status({ done: 0, total: 3, created: 0, activationsSent: 0 })));
    answer(
      STATUS,
      json(200, status({ done: 2, total: 3, created: 2, activationsSent: 2 })),
      json(
        200,
        status({
          state: 'done',
          done: 3,
          created: 1,
          updated: 1,
          refused: 1,
          activationsSent: 1,
          activationsQueued: 0,
          finishedAt: '2026-06-01T09:32:00Z',
          refusals: [
            {
              line: 6,
              errors: [{ column: null, message: { key: 'participant.error.doublon', params: {} } }],
            },
          ],
        }),
      ),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Importer' }));
    expect(calls.find((call) => call.url.endsWith('/executer'))?.body).toEqual({ mettreAJour: true });
    const bar = await screen.findByRole('progressbar', { name: 'Lignes importées' });
    expect(router.state.location.search).toBe(`?import=${CHECK_ID}`);
    const progressHeading = screen.getByRole('heading', { name: '3. Import en cours' });
    await waitFor(() => expect(progressHeading).toHaveFocus());
    await waitFor(() => expect(bar).toHaveAttribute('aria-valuetext', '2 lignes importées sur 3'));
    expect(bar).toHaveAttribute('aria-valuenow', '67');
    // Told to screen readers a tenth at a time (two thirds: 60 %), then the outcome with the figures.
    expect(statusTexts()).toContainEqual(expect.stringMatching(/^Import en cours : 60\s%/));

    expect(
      await screen.findByRole('heading', { name: "4. Compte rendu de l'import" }, { timeout: 8000 }),
    ).toBeInTheDocument();
    expect(screen.getByText("L'import de salaries.csv est terminé.")).toBeInTheDocument();
    await waitFor(() =>
      expect(statusTexts()).toContain(
        "L'import de salaries.csv est terminé. Participants créés : 1, Participants mis à jour : 1, Inchangés : 0, Lignes refusées : 1.",
      ),
    );
    const figure = (label: string) => screen.getByText(label).closest('div');
    expect(figure('Participants créés')).toHaveTextContent('1');
    expect(figure('Participants mis à jour')).toHaveTextContent('1');
    expect(figure('Lignes refusées')).toHaveTextContent('1');
    const refusals = screen.getByRole('table', { name: "Lignes refusées pendant l'import" });
    expect(within(refusals).getByRole('row', { name: /^6 Impossible/ })).toBeInTheDocument();

    answer(`GET /api/adherentsCorrespondant/import/${CHECK_ID}/rapport`, workbook('compte-rendu.xlsx'));
    await user.click(screen.getByRole('button', { name: 'Télécharger le compte rendu (.xlsx)' }));
    await waitFor(() => expect(saveFile).toHaveBeenCalledWith(expect.anything(), 'compte-rendu.xlsx'));
    expect(calls.at(-1)?.url).toBe(`/api/adherentsCorrespondant/import/${CHECK_ID}/rapport?langue=fr_FR`);
    expect(screen.getByRole('link', { name: 'Retour à la liste des participants' })).toHaveAttribute(
      'href',
      '/adherentsCorrespondant',
    );
    await user.click(screen.getByRole('button', { name: 'Importer un autre fichier' }));
    const againHeading = await screen.findByRole('heading', { name: '1. Choisir le fichier' });
    await waitFor(() => expect(againHeading).toHaveFocus());
    expect(router.state.location.search).toBe('');
  });

  it('follows an import started already (from another tab) rather than starting it twice', async () => {
    const { user, router } = renderPage();
    await uploadAndCheck(user);
    answer(RUN, json(409, { message: 'http.409' }));
    answer(STATUS, json(200, status({ state: 'done', done: 3, created: 2, updated: 0 })));
    await user.click(screen.getByRole('button', { name: 'Importer 2 lignes' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Importer' }));
    expect(await screen.findByRole('heading', { name: "4. Compte rendu de l'import" })).toBeInTheDocument();
    expect(router.state.location.search).toBe(`?import=${CHECK_ID}`);
    expect(calls.filter((call) => call.url.endsWith('/executer'))).toHaveLength(1);
  });

  it('asks for the file again when its check has expired', async () => {
    const { user } = renderPage();
    await uploadAndCheck(user);
    answer(RUN, json(404, { message: 'http.404' }));
    await user.click(screen.getByRole('button', { name: 'Importer 2 lignes' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Importer' }));
    expect(await screen.findByText(/Cette vérification a expiré/)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Importer 2 lignes' })).toBeDisabled();
    // The import button, disabled, would drop the focus: it goes to the way out instead.
    const again = screen.getByRole('button', { name: 'Déposer de nouveau le fichier' });
    await waitFor(() => expect(again).toHaveFocus());
    await user.click(again);
    expect(await screen.findByRole('heading', { name: '1. Choisir le fichier' })).toBeInTheDocument();
  });
});

describe('participant import: an import in the address', () => {
  it('shows the report of a finished import, and a failed one as such', async () => {
    answer(
      STATUS,
      json(200, status({ state: 'failed', done: 2, total: 3, created: 2, activationsQueued: 2 })),
    );
    renderPage(`${PATH}?import=${CHECK_ID}`);
    // Shown in the report (the status region says it too, followed by the figures).
    expect(
      await screen.findByText(/^L'import de salaries\.csv s'est arrêté avant la fin\..* chaque ligne\.$/),
    ).toBeInTheDocument();
    expect(screen.getByText(/Les mails en attente partent/)).toBeInTheDocument();
  });

  it('follows the activation mails still leaving after the rows are written', async () => {
    const done = { state: 'done' as const, done: 3, total: 3, created: 3 };
    answer(
      STATUS,
      json(200, status({ ...done, activationsSent: 1, activationsQueued: 2 })),
      json(200, status({ ...done, activationsSent: 3, activationsQueued: 0 })),
    );
    renderPage(`${PATH}?import=${CHECK_ID}`);
    const figure = (label: string) => screen.getByText(label).closest('div');
    expect(await screen.findByText("Mails d'activation en attente")).toBeInTheDocument();
    expect(figure("Mails d'activation en attente")).toHaveTextContent('2');
    await waitFor(() => expect(figure("Mails d'activation envoyés")).toHaveTextContent('3'), {
      timeout: 8000,
    });
    expect(figure("Mails d'activation en attente")).toHaveTextContent('0');
  }, 20_000);

  it('tells the activation mails the queue gave up on, and what to do about them', async () => {
    const done = { state: 'done' as const, done: 3, total: 3, created: 3 };
    answer(STATUS, json(200, status({ ...done, activationsSent: 1, activationsFailed: 2 })));
    renderPage(`${PATH}?import=${CHECK_ID}`);
    const figure = (label: string) => screen.getByText(label).closest('div');
    expect(await screen.findByText("Mails d'activation non remis")).toBeInTheDocument();
    expect(figure("Mails d'activation non remis")).toHaveTextContent('2');
    expect(screen.getByText(/2 mails d'activation n'ont pas pu/).closest('[role="alert"]')).toHaveTextContent(
      /2 mails d'activation n'ont pas pu être remis.*Vérifiez-les sur les fiches des participants/,
    );
  });

  it('says when the import is not found', async () => {
    answer(STATUS, json(404, { message: 'http.404' }));
    const { user } = renderPage(`${PATH}?import=${CHECK_ID}`);
    expect(await screen.findByText(/Cet import est introuvable/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Importer un autre fichier' }));
    expect(await screen.findByRole('heading', { name: '1. Choisir le fichier' })).toBeInTheDocument();
  });

  it('does not ask the server about an address that names no import', async () => {
    renderPage(`${PATH}?import=nimporte-quoi`);
    expect(await screen.findByText(/Cet import est introuvable/)).toBeInTheDocument();
    expect(calls).toEqual([]);
  });
});

describe('participant import: in English', () => {
  it('offers the English template first, checks in English and shows the grid with English labels', async () => {
    await changeLanguage('en_EN', false);
    try {
      const { user } = renderPage();
      expect(
        screen.getAllByRole('button', { name: /^Template in/ }).map((button) => button.textContent),
      ).toEqual(['Template in English (.xlsx)', 'Template in French (.xlsx)']);
      answer(CHECK, json(200, checkReply()));
      await user.upload(fileInput(), csv());
      await user.click(screen.getByRole('button', { name: 'Check the file' }));
      const heading = await screen.findByRole('heading', { name: '2. Check the rows' });
      await waitFor(() => expect(heading).toHaveFocus());
      expect(calls[0]?.body).toMatchObject({ langue: 'en_EN' });
      const table = screen.getByRole('table', { name: 'Rows of the file' });
      // The file's French headers under the English labels.
      expect(within(table).getByRole('columnheader', { name: /^Last name/ })).toHaveTextContent(
        'Last nameIn the file: Nom',
      );
      const line3 = within(table).getAllByRole('row')[1] as HTMLElement;
      expect(line3.querySelector('[data-column="nom"]')).toHaveTextContent('(empty)Error: Required');
      expect(screen.getByRole('button', { name: 'Import 2 rows' })).toBeEnabled();
    } finally {
      await changeLanguage('fr_FR', false);
    }
  });
});

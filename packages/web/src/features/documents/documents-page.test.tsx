import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { documentSearch } from './document-search';
import { DocumentsPage } from './documents-page';

vi.setConfig({ testTimeout: 20_000 });

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { headers: { 'Content-Type': 'application/json' } });

const TYPES = [
  { id: 11, label: 'Compte rendu', labelEn: 'Report', modeAffichageNomDocument: 'NOM_DOCUMENT' },
  { id: 12, label: 'Ordonnance', labelEn: 'Prescription', modeAffichageNomDocument: 'INFO_DOCUMENT' },
];
const ROW = {
  id: 501,
  dateCreation: '2026-03-04T09:30:00Z',
  categorieExtraciem: 'CONS_MEDICAL',
  typeDocument: TYPES[1],
  nomDocument: 'ordonnance-501.pdf',
  libelleDocument: 'Ordonnance du 4 mars',
  modeAffichageNomDocument: null,
  anneeBilan: 2026,
  documentJointExtraciem: [{ id: 71, nomDocument: 'ECG.pdf', dateCreation: '2026-03-04T09:30:00Z' }],
  documentJointLSExtraciem: [
    { id: 72, nomDocument: 'Lettre de synthèse.pdf', dateCreation: '2026-03-05T09:30:00Z' },
  ],
  actif: true,
};

let urls: string[];
/** The years `annees-bilans` answers, and how many list calls fail (500) before one succeeds. */
let years: number[];
let listFailures: number;

beforeEach(() => {
  urls = [];
  years = [2026, 2025];
  listFailures = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = String(input);
      urls.push(url);
      if (url.startsWith('/api/annees-bilans')) return json(years);
      if (url.startsWith('/api/abstractenum/typedocument/')) return json(TYPES);
      if (listFailures > 0) {
        listFailures -= 1;
        return new Response(JSON.stringify({ status: 500, message: 'boom' }), {
          status: 500,
          headers: { 'Content-Type': 'application/json' },
        });
      }
      return json({ items: [ROW], totalRows: 1, subTotal: 1 });
    }),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
});

const listCalls = () =>
  urls.filter((url) => url.startsWith('/api/document/list')).map((url) => new URL(url, 'http://localhost'));

function renderPage(path = '/document/consultations') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(
    [
      { path: '/document/consultations', element: <DocumentsPage /> },
      { path: '/document/courrier', element: <DocumentsPage /> },
    ],
    { initialEntries: [path] },
  );
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { user: userEvent.setup({ delay: null }), router };
}

async function toggleOption(user: ReturnType<typeof userEvent.setup>, select: string, option: string) {
  await user.click(screen.getByRole('combobox', { name: select }));
  await user.click(within(screen.getByRole('listbox')).getByRole('option', { name: option }));
  await user.keyboard('{Escape}');
}

describe('document search', () => {
  it('makes no call without a year or a type, and says which is missing', () => {
    expect(documentSearch('COURRIER', 0, [], [1])).toEqual({
      params: null,
      messageKey: 'documents.filters.noYear',
    });
    expect(documentSearch('COURRIER', 0, [2025], [])).toEqual({
      params: null,
      messageKey: 'documents.filters.noType',
    });
    expect(documentSearch('COURRIER', 2, [2024, 2026], [3, 1]).params).toEqual({
      category: 'COURRIER',
      page: 3,
      years: [2026, 2024],
      types: [1, 3],
    });
  });
});

describe('document list', () => {
  it('lists every year and type of the category by default, from page 1', async () => {
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Mon Dossier Médical', level: 1 })).toBeVisible();
    await waitFor(() => expect(listCalls()).toHaveLength(1));
    const params = listCalls()[0]?.searchParams;
    expect(Object.fromEntries(params ?? [])).toEqual({
      page: '1',
      size: '20',
      sort: 'dateCreation,DESC',
      actif: 'true',
      categorieExtraciem: 'CONS_MEDICAL',
      anneeDocuments: '[2026,2025]',
      typesDocuments: '[11,12]',
      langue: 'fr_FR',
    });
    // INFO_DOCUMENT: the label, not the file name; the date as DD/MM/YYYY.
    expect(await screen.findByText('Ordonnance du 4 mars')).toBeVisible();
    expect(screen.getAllByText('04/03/2026').length).toBeGreaterThan(0);
    expect(screen.getByRole('button', { name: /^Envoyer/ })).toBeDisabled();
  });

  it('empties the table without a call when every year is unselected, and searches again on one year', async () => {
    const { user } = renderPage();
    await screen.findByText('Ordonnance du 4 mars');
    await toggleOption(user, 'Année(s) de bilan', 'Tout sélectionner');
    expect(await screen.findByText('Veuillez sélectionner le(s) année(s)')).toBeVisible();
    expect(screen.queryByText('Ordonnance du 4 mars')).toBeNull();
    expect(listCalls()).toHaveLength(1);

    await toggleOption(user, 'Année(s) de bilan', '2025');
    await waitFor(() => expect(listCalls()).toHaveLength(2));
    expect(listCalls()[1]?.searchParams.get('anneeDocuments')).toBe('[2025]');
    expect(screen.queryByText('Veuillez sélectionner le(s) année(s)')).toBeNull();
  });

  it('makes no call when every type is unselected', async () => {
    const { user } = renderPage();
    await screen.findByText('Ordonnance du 4 mars');
    await toggleOption(user, 'Type(s) de documents', 'Tout sélectionner');
    expect(await screen.findByText('Veuillez sélectionner le(s) type(s) de documents')).toBeVisible();
    expect(listCalls()).toHaveLength(1);
  });

  it('selects documents and EXTRACIEM attachments, never LS ones, and resets on another category', async () => {
    const { user, router } = renderPage();
    await screen.findByText('Ordonnance du 4 mars');
    const send = screen.getByRole('button', { name: /^Envoyer/ });
    await user.click(screen.getByRole('checkbox', { name: 'Sélectionner tous les documents de la page' }));
    expect(send).toHaveTextContent('Envoyer (1)');
    await user.click(screen.getByRole('button', { name: /annexes de « Ordonnance du 4 mars »/ }));
    expect(screen.getByRole('checkbox', { name: 'Sélectionner « ECG.pdf »' })).toBeInTheDocument();
    expect(screen.queryByRole('checkbox', { name: 'Sélectionner « Lettre de synthèse.pdf »' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Voir « Lettre de synthèse.pdf »' })).toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'Sélectionner « ECG.pdf »' }));
    expect(send).toHaveTextContent('Envoyer (2)');

    await router.navigate('/document/courrier');
    await waitFor(() => expect(listCalls().at(-1)?.searchParams.get('categorieExtraciem')).toBe('COURRIER'));
    expect(screen.getByRole('button', { name: /^Envoyer/ })).toBeDisabled();
    // Letters have no attachment column.
    expect(screen.queryByRole('button', { name: /annexes de/ })).toBeNull();
  });

  it('shows a failed list as an error with Retry, not as an empty list, and lists after Retry', async () => {
    listFailures = 1;
    const { user } = renderPage();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent("La liste des documents n'a pas pu être chargée.");
    expect(screen.queryByText('Aucun document')).toBeNull();
    expect(screen.queryByRole('table')).toBeNull();
    await user.click(within(alert).getByRole('button', { name: 'Réessayer' }));
    expect(await screen.findByText('Ordonnance du 4 mars')).toBeVisible();
    expect(listCalls()).toHaveLength(2);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('tells a participant without any document so, instead of asking for a year', async () => {
    years = [];
    renderPage();
    expect(await screen.findByText(/Vous n’avez pas encore de document/)).toBeVisible();
    expect(screen.queryByRole('combobox', { name: 'Année(s) de bilan' })).toBeNull();
    expect(screen.queryByText('Veuillez sélectionner le(s) année(s)')).toBeNull();
    expect(screen.queryByText('Aucun document')).toBeNull();
    expect(listCalls()).toHaveLength(0);
  });
});

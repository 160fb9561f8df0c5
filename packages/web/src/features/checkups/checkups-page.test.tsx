import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { dayjs } from '../../lib/dates';
import { CheckupsPage } from './checkups-page';
import { ExportButton } from './components/export-button';
import { HistoryPage } from './history-page';

vi.setConfig({ testTimeout: 20_000 });

interface Call {
  url: string;
  method: string;
  body: string | null;
}

let calls: Call[];
let exportReply: Promise<Response>;
/** The scope's establishments (GET etablissements-correspondant): one by default, as for an establishment. */
let scopeEstablishments: unknown[];
const establishment = (id: number, name: string, companyId: number, company: string) => ({
  id,
  raisonsociale: name,
  idEntreprise: companyId,
  entreprise: company,
  siret: null,
  dateResiliation: null,
});

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

beforeEach(() => {
  calls = [];
  scopeEstablishments = [establishment(10, 'ACME Lyon', 1, 'ACME')];
  exportReply = Promise.resolve(
    new Response(new Blob(['xlsx']), {
      status: 200,
      headers: { 'Content-Disposition': 'attachment; filename="bilans-2026.xlsx"' },
    }),
  );
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const call = {
        url: String(input),
        method: init?.method ?? 'GET',
        body: typeof init?.body === 'string' ? init.body : null,
      };
      calls.push(call);
      if (call.url.startsWith('/api/excel-')) return exportReply;
      if (call.url === '/api/etablissements-correspondant') return json(200, scopeEstablishments);
      return json(200, { items: [], totalRows: 0, subTotal: 0 });
    }),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
});

const listCalls = () => calls.filter((call) => call.url.startsWith('/api/bilansCorrespondant'));

function renderPage() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: '/bilansCorrespondant', element: <CheckupsPage /> }], {
    initialEntries: ['/bilansCorrespondant'],
  });
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { user: userEvent.setup({ delay: null }), router };
}

/** The hidden input of a date picker holds the date as shown (DD/MM/YYYY). */
const dateInput = (name: string) => document.querySelector<HTMLInputElement>(`input[name="${name}"]`);

/** Types a date into a picker's sections, day first. */
async function typeDate(user: ReturnType<typeof userEvent.setup>, label: string, digits: string) {
  const group = screen.getByRole('group', { name: new RegExp(`^${label}`) });
  const day = within(group).getAllByRole('spinbutton')[0];
  if (!day) throw new Error(`no sections in ${label}`);
  await user.click(day);
  await user.keyboard(digits);
}

describe('check-up list', () => {
  it('searches from one year ago to today by default, and says when nothing matches', async () => {
    renderPage();
    await waitFor(() => expect(listCalls()).toHaveLength(1));
    const today = dayjs();
    const url = new URL(listCalls()[0]?.url ?? '', 'http://localhost');
    expect(url.searchParams.get('dateDebut')).toBe(today.subtract(1, 'year').format('YYYY-MM-DD'));
    expect(url.searchParams.get('dateFin')).toBe(today.format('YYYY-MM-DD'));
    expect(url.searchParams.get('etatBilan')).toBeNull();
    expect(url.searchParams.get('size')).toBe('15');
    expect(url.searchParams.get('sort')).toBe('datePremierRdv,DESC');
    expect(dateInput('dateDebut')).toHaveValue(today.subtract(1, 'year').format('DD/MM/YYYY'));
    expect(dateInput('dateFin')).toHaveValue(today.format('DD/MM/YYYY'));
    expect(await screen.findByText('Aucun bilan ne correspond à ces critères')).toBeInTheDocument();
  });

  it('refuses an end date before the start date, without searching', async () => {
    const { user, router } = renderPage();
    await waitFor(() => expect(listCalls()).toHaveLength(1));
    await typeDate(user, 'Date de fin', '01012020');
    await waitFor(() => expect(dateInput('dateFin')).toHaveValue('01/01/2020'));
    await user.click(screen.getByRole('button', { name: 'Rechercher' }));
    expect(await screen.findByText('La date de fin ne peut pas précéder la date de début')).toBeVisible();
    expect(listCalls()).toHaveLength(1);
    expect(router.state.location.search).toBe('');
  });

  it('searches a state and a valid range, kept in the address', async () => {
    const { user, router } = renderPage();
    await waitFor(() => expect(listCalls()).toHaveLength(1));
    await user.click(screen.getByRole('combobox', { name: 'État du bilan' }));
    await user.click(screen.getByRole('option', { name: 'Clôturé' }));
    await typeDate(user, 'Date de début', '01022025');
    await waitFor(() => expect(dateInput('dateDebut')).toHaveValue('01/02/2025'));
    await user.click(screen.getByRole('button', { name: 'Rechercher' }));
    await waitFor(() => expect(listCalls()).toHaveLength(2));
    const url = new URL(listCalls()[1]?.url ?? '', 'http://localhost');
    expect(url.searchParams.get('etatBilan')).toBe('CLOTURE');
    expect(url.searchParams.get('dateDebut')).toBe('2025-02-01');
    expect(router.state.location.search).toContain('etatBilan=CLOTURE');
  });

  it('exports the filters in force, then downloads under the server name', async () => {
    const createObjectURL = vi.fn(() => 'blob:workbook');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    let finish: (response: Response) => void = () => undefined;
    exportReply = new Promise((resolve) => {
      finish = resolve;
    });
    const { user } = renderPage();
    await waitFor(() => expect(listCalls()).toHaveLength(1));
    const button = screen.getByRole('button', { name: 'Exporter en Excel' });
    await user.click(button);
    expect(button).toHaveAttribute('aria-disabled', 'true');
    expect(screen.getByRole('status')).toHaveTextContent('Export Excel en cours, veuillez patienter…');
    const sent = calls.find((call) => call.url === '/api/excel-participant-bilan');
    expect(sent?.method).toBe('POST');
    const today = dayjs();
    expect(JSON.parse(sent?.body ?? '{}')).toEqual({
      dateDebut: today.subtract(1, 'year').format('YYYY-MM-DD'),
      dateFin: today.format('YYYY-MM-DD'),
      sort: 'datePremierRdv,DESC',
      langue: 'fr_FR',
    });
    finish(
      new Response(new Blob(['xlsx']), {
        status: 200,
        headers: { 'Content-Disposition': 'attachment; filename="bilans-2026.xlsx"' },
      }),
    );
    await waitFor(() => expect(button).not.toHaveAttribute('aria-disabled'));
    expect(screen.getByRole('status')).toHaveTextContent('Export Excel terminé');
    expect(click).toHaveBeenCalledTimes(1);
    const link = click.mock.contexts[0] as HTMLAnchorElement;
    expect(link.download).toBe('bilans-2026.xlsx');
    click.mockRestore();
  });
});

describe('company and establishment (group correspondants)', () => {
  it('offers neither filter nor column when the scope holds one establishment', async () => {
    renderPage();
    await waitFor(() => expect(listCalls()).toHaveLength(1));
    await waitFor(() =>
      expect(calls.some((call) => call.url === '/api/etablissements-correspondant')).toBe(true),
    );
    expect(screen.queryByRole('combobox', { name: 'Entreprise' })).toBeNull();
    expect(screen.queryByRole('columnheader', { name: 'Établissement' })).toBeNull();
  });

  it('filters a group by company, kept in the address, and shows where each check-up was made', async () => {
    scopeEstablishments = [
      establishment(10, 'ACME Lyon', 1, 'ACME'),
      establishment(20, 'Bâtir Nantes', 2, 'Bâtir SA'),
    ];
    const { user, router } = renderPage();
    await user.click(await screen.findByRole('combobox', { name: 'Entreprise' }));
    await user.click(screen.getByRole('option', { name: 'Bâtir SA' }));
    await user.click(screen.getByRole('button', { name: 'Rechercher' }));
    await waitFor(() => expect(listCalls()).toHaveLength(2));
    const url = new URL(listCalls()[1]?.url ?? '', 'http://localhost');
    expect(url.searchParams.get('idEntreprise')).toBe('2');
    expect(url.searchParams.get('idEtablissement')).toBeNull();
    expect(router.state.location.search).toContain('entreprise=2');
    expect(screen.getByRole('columnheader', { name: 'Entreprise' })).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'Établissement' })).toBeInTheDocument();
  });
});

describe('check-up history', () => {
  it('names each participant’s company and establishment when the scope holds several', async () => {
    scopeEstablishments = [
      establishment(10, 'ACME Lyon', 1, 'ACME'),
      establishment(20, 'Bâtir Nantes', 2, 'Bâtir SA'),
    ];
    const row = {
      id: 7,
      nom: 'MARTIN',
      prenom: 'Léa',
      dateNaissance: '1980-05-02',
      age: 46,
      dateAdhesion: null,
      dateResiliation: null,
      gestionRdv: null,
      periodicite: null,
      dateClotureN2: null,
      dateClotureN1: null,
      dateClotureN: null,
      dateProchainBilan: null,
      idEntreprise: 2,
      idEtablissement: 20,
    };
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        const url = String(input);
        if (url === '/api/etablissements-correspondant') return json(200, scopeEstablishments);
        if (url.startsWith('/api/historiqueBilansCorrespondant'))
          return json(200, { items: [row], totalRows: 1, subTotal: 1 });
        return json(200, []);
      }),
    );
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const router = createMemoryRouter(
      [{ path: '/historiqueBilansCorrespondant', element: <HistoryPage /> }],
      { initialEntries: ['/historiqueBilansCorrespondant'] },
    );
    render(
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
    expect(await screen.findByRole('columnheader', { name: 'Entreprise' })).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'Établissement' })).toBeInTheDocument();
    expect(await screen.findByRole('gridcell', { name: 'Bâtir SA' })).toBeInTheDocument();
    expect(screen.getByRole('gridcell', { name: 'Bâtir Nantes' })).toBeInTheDocument();
  });
});

describe('export of what the screen shows', () => {
  it('exports the filters the form shows without pressing Search, and applies them to the list too', async () => {
    const createObjectURL = vi.fn(() => 'blob:workbook');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const { user, router } = renderPage();
    await waitFor(() => expect(listCalls()).toHaveLength(1));
    await user.click(screen.getByRole('combobox', { name: 'État du bilan' }));
    await user.click(screen.getByRole('option', { name: 'Facturé' }));
    await typeDate(user, 'Date de début', '01022025');
    await waitFor(() => expect(dateInput('dateDebut')).toHaveValue('01/02/2025'));
    await user.click(screen.getByRole('button', { name: 'Exporter en Excel' }));
    await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
    const sent = calls.find((call) => call.url === '/api/excel-participant-bilan');
    expect(JSON.parse(sent?.body ?? '{}')).toMatchObject({
      dateDebut: '2025-02-01',
      dateFin: dayjs().format('YYYY-MM-DD'),
      etatBilan: 'FACTURE',
    });
    // The list shows the same filters as the file.
    await waitFor(() => expect(listCalls()).toHaveLength(2));
    const listed = new URL(listCalls()[1]?.url ?? '', 'http://localhost');
    expect(listed.searchParams.get('dateDebut')).toBe('2025-02-01');
    expect(listed.searchParams.get('etatBilan')).toBe('FACTURE');
    expect(router.state.location.search).toContain('etatBilan=FACTURE');
    click.mockRestore();
  });

  it('refuses an invalid range with its message before anything is downloaded', async () => {
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const { user, router } = renderPage();
    await waitFor(() => expect(listCalls()).toHaveLength(1));
    await typeDate(user, 'Date de fin', '01012020');
    await waitFor(() => expect(dateInput('dateFin')).toHaveValue('01/01/2020'));
    const button = screen.getByRole('button', { name: 'Exporter en Excel' });
    await user.click(button);
    expect(await screen.findByText('La date de fin ne peut pas précéder la date de début')).toBeVisible();
    await waitFor(() => expect(button).toBeEnabled());
    expect(calls.some((call) => call.url.startsWith('/api/excel-'))).toBe(false);
    expect(click).not.toHaveBeenCalled();
    expect(screen.getByRole('status')).toHaveTextContent('');
    expect(listCalls()).toHaveLength(1);
    expect(router.state.location.search).toBe('');
    click.mockRestore();
  });
});

describe('export button', () => {
  it('is busy with a spinner and a status while the file is made, keeping the focus, and usable again after a failure', async () => {
    let fail: (error: Error) => void = () => undefined;
    const onExport = vi.fn(
      () =>
        new Promise<boolean>((_, reject) => {
          fail = reject;
        }),
    );
    const user = userEvent.setup();
    render(<ExportButton onExport={onExport} />);
    const button = screen.getByRole('button', { name: 'Exporter en Excel' });
    await user.click(button);
    expect(button).toHaveAttribute('aria-disabled', 'true');
    expect(button).toHaveAttribute('aria-busy', 'true');
    expect(button).toHaveFocus();
    expect(button.querySelector('.MuiCircularProgress-root')).not.toBeNull();
    expect(screen.getByRole('status')).toHaveTextContent('Export Excel en cours');
    // A second press while the file is made asks for nothing more.
    await user.click(button);
    expect(onExport).toHaveBeenCalledTimes(1);
    fail(new Error('500'));
    await waitFor(() => expect(button).not.toHaveAttribute('aria-disabled'));
    expect(screen.getByRole('status')).toHaveTextContent('');
  });
});

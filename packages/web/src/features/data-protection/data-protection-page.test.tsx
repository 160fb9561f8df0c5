import type { DocumentsCiemReply } from '@portail/contract/schemas/legal';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PdfViewProps } from '../../components/pdf-view';
import { changeLanguage } from '../../lib/i18n';
import { notify } from '../../lib/notify';
import { saveFile } from '../../lib/save-file';
import { DataProtectionPage } from './data-protection-page';

vi.setConfig({ testTimeout: 20_000 });

vi.mock('../../lib/notify', () => import('../../test/notify-stub'));
vi.mock('../../lib/save-file', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../lib/save-file')>()),
  saveFile: vi.fn(),
}));
// jsdom draws no canvas: the viewer shows what it was given, name and decoded bytes.
vi.mock('../../components/pdf-view', () => ({
  default: ({ bytes, title }: PdfViewProps) => (
    <p data-testid="viewer">{`${title} | ${new TextDecoder().decode(bytes)}`}</p>
  ),
}));

const pdf = (text: string) => btoa(`%PDF ${text}`);

const TREE: DocumentsCiemReply = [
  {
    id: 1,
    libelle: 'Données personnelles',
    libelleEn: 'Personal data',
    data: null,
    children: [
      { id: 2, libelle: 'Charte de confidentialité', libelleEn: 'Privacy charter', data: pdf('charte') },
      { id: 3, libelle: 'Cookies', libelleEn: null, data: pdf('cookies') },
    ],
  },
  {
    id: 4,
    libelle: 'Vos droits',
    libelleEn: 'Your rights',
    data: null,
    children: [
      { id: 5, libelle: 'Droit d’accès', libelleEn: 'Right of access', data: pdf('acces') },
      { id: 6, libelle: 'Conditions d’utilisation', libelleEn: 'Terms of use', data: pdf('cgu') },
    ],
  },
];

let replies: (() => Response)[];
let calls: number;

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

beforeEach(() => {
  calls = 0;
  replies = [() => json(TREE)];
  vi.mocked(notify).mockReset();
  vi.mocked(saveFile).mockReset();
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      expect(String(input)).toBe('/api/get-documents-ciem');
      const reply = replies[Math.min(calls, replies.length - 1)] ?? (() => json(TREE));
      calls += 1;
      return reply();
    }),
  );
});

afterEach(async () => {
  vi.unstubAllGlobals();
  await changeLanguage('fr_FR', false);
});

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <DataProtectionPage />
    </QueryClientProvider>,
  );
  return userEvent.setup({ delay: null });
}

const item = (name: string) => screen.getByRole('treeitem', { name });
const viewer = () => screen.findByTestId('viewer');

describe('data-protection documents page', () => {
  it('shows the tree with its folders open and the first document on arrival', async () => {
    renderPage();
    expect(
      screen.getByRole('heading', { level: 1, name: 'Politique de protection des données' }),
    ).toBeVisible();
    expect(await viewer()).toHaveTextContent('Charte de confidentialité | %PDF charte');
    const tree = screen.getByRole('tree', { name: 'Documents' });
    expect(within(tree).getAllByRole('treeitem')).toHaveLength(6);
    expect(item('Données personnelles')).toHaveAttribute('aria-expanded', 'true');
    expect(item('Vos droits')).toHaveAttribute('aria-expanded', 'true');
    expect(item('Charte de confidentialité')).toHaveAttribute('aria-checked', 'true');
    expect(screen.getByRole('heading', { level: 2, name: 'Charte de confidentialité' })).toBeVisible();
    expect(screen.queryByText('Sélectionnez un document dans la liste.')).not.toBeInTheDocument();
  });

  it('shows the document chosen in another folder, and keeps it when a folder is clicked', async () => {
    const user = renderPage();
    await viewer();
    await user.click(screen.getByText('Droit d’accès'));
    expect(await viewer()).toHaveTextContent('Droit d’accès | %PDF acces');
    expect(item('Droit d’accès')).toHaveAttribute('aria-checked', 'true');
    expect(item('Charte de confidentialité')).toHaveAttribute('aria-checked', 'false');

    await user.click(screen.getByText('Données personnelles'));
    expect(await viewer()).toHaveTextContent('Droit d’accès | %PDF acces');
    expect(item('Droit d’accès')).toHaveAttribute('aria-checked', 'true');
    expect(item('Données personnelles')).not.toHaveAttribute('aria-checked');
  });

  it('chooses a document with the keyboard', async () => {
    const user = renderPage();
    await viewer();
    await user.tab();
    expect(item('Charte de confidentialité')).toHaveFocus();
    await user.keyboard('{ArrowDown}{ArrowDown}{ArrowDown}{ArrowDown}');
    expect(item('Conditions d’utilisation')).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(await viewer()).toHaveTextContent('Conditions d’utilisation | %PDF cgu');
  });

  it('downloads the shown document under its name', async () => {
    const user = renderPage();
    await viewer();
    await user.click(screen.getByRole('button', { name: 'Télécharger « Charte de confidentialité »' }));
    expect(saveFile).toHaveBeenCalledTimes(1);
    const [blob, name] = vi.mocked(saveFile).mock.calls[0] ?? [];
    expect(name).toBe('Charte de confidentialité.pdf');
    expect(blob?.type).toBe('application/pdf');
    const text = await new Promise<unknown>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(reader.result);
      if (blob) reader.readAsText(blob);
    });
    expect(text).toBe('%PDF charte');
  });

  it('labels the tree in English, falling back to the French label', async () => {
    await changeLanguage('en_EN', false);
    const user = renderPage();
    expect(await viewer()).toHaveTextContent('Privacy charter | %PDF charte');
    expect(item('Personal data')).toBeVisible();
    await user.click(screen.getByText('Cookies'));
    expect(await viewer()).toHaveTextContent('Cookies | %PDF cookies');
  });

  it('asks to choose a document when there is none', async () => {
    replies = [() => json([])];
    renderPage();
    expect(await screen.findByText('Sélectionnez un document dans la liste.')).toBeVisible();
    expect(screen.getByText('Aucun document n’est disponible pour le moment.')).toBeVisible();
    expect(screen.queryByTestId('viewer')).not.toBeInTheDocument();
  });

  it('says the documents could not load, without a toast, and loads them again on retry', async () => {
    replies = [() => json({ message: 'http.500' }, 500), () => json(TREE)];
    const user = renderPage();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Une erreur est survenue lors du téléchargement des documents.');
    expect(notify).not.toHaveBeenCalled();
    expect(screen.queryByRole('tree')).not.toBeInTheDocument();
    await user.click(within(alert).getByRole('button', { name: 'Réessayer' }));
    expect(await viewer()).toHaveTextContent('Charte de confidentialité | %PDF charte');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(calls).toBe(2);
  });
});

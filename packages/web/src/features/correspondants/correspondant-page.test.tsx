import type { Correspondant } from '@portail/contract/schemas/correspondants';
import type { EnumItem } from '@portail/contract/schemas/enums';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ConfirmProvider } from '../../components/confirm-provider';
import { notify } from '../../lib/notify';
import { CorrespondantPage } from './correspondant-page';

vi.mock('../../lib/notify', () => ({ notify: vi.fn(), showToast: vi.fn() }));
vi.setConfig({ testTimeout: 20_000 });

const civilities: EnumItem[] = [
  { id: 1, label: 'Monsieur', labelEn: 'Mr', raccourci: 'M.', actif: true },
  { id: 2, label: 'Madame', labelEn: 'Mrs', raccourci: 'Mme', actif: true },
];

function makeRecord(overrides: Partial<Correspondant> = {}): Correspondant {
  return {
    id: 7,
    contact: {
      civilite: { id: 2, label: 'Madame', labelEn: 'Mrs' },
      nom: 'Durand',
      prenom: 'Lucie',
      telephone: '01 23 45 67 89',
      portable: '06 12 34 56 78',
      fax: null,
      mail: 'lucie.durand@example.com',
      fonction: 'DRH',
    },
    etablissement: { id: 1, raisonsociale: 'Acme – Siège' },
    entreprise: { id: 1, raisonsociale: 'Acme' },
    groupement: null,
    roleAdmin: true,
    roleFacturation: false,
    roleEnvoiCourrier: true,
    canSave: true,
    ...overrides,
  };
}

interface Call {
  url: string;
  method: string;
  body: unknown;
}

let confirmReply: () => Response = () => json(404, {});
let calls: Call[];
let record: Correspondant;
let saveReply: () => Response;

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

beforeAll(async () => {
  // The confirmation dialog loads on first use; have it ready.
  await import('../../components/confirm-dialog');
});

beforeEach(() => {
  calls = [];
  record = makeRecord();
  saveReply = () =>
    json(200, {
      ciemException: { messages: [{ level: 'INFO', errorCode: 'correspondant.enregistre' }] },
      correspondant: record,
      enAttente: { email: null, portable: null },
    });
  vi.mocked(notify).mockClear();
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      const method = init?.method ?? 'GET';
      calls.push({ url, method, body: typeof init?.body === 'string' ? JSON.parse(init.body) : null });
      if (url.startsWith('/api/enum/civilite')) return json(200, civilities);
      if (url === `/api/correspondant/${record.id}` && method === 'POST') return saveReply();
      if (url === '/api/user/contact/confirmation') return confirmReply();
      if (url === `/api/correspondant/${record.id}`) return json(200, record);
      return json(404, { status: 404, error: 'Not Found', message: 'http.404' });
    }),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
});

function renderPage(id: number | string = record.id) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: '/correspondant/:id', element: <CorrespondantPage /> }], {
    initialEntries: [`/correspondant/${id}`],
  });
  render(
    <QueryClientProvider client={queryClient}>
      <ConfirmProvider>
        <RouterProvider router={router} />
      </ConfirmProvider>
    </QueryClientProvider>,
  );
  return userEvent.setup({ delay: null });
}

const contact = () => screen.getByRole('region', { name: 'Contact' });

describe('correspondant page', () => {
  it("shows someone else's record read-only: its blocks, no edit, no password change", async () => {
    record = makeRecord({ canSave: false });
    renderPage();
    expect(await screen.findByRole('heading', { name: 'DURAND Lucie', level: 1 })).toBeVisible();
    expect(within(contact()).getByText('lucie.durand@example.com')).toBeVisible();
    expect(within(contact()).getByText('Administrateur, Envoi du courrier')).toBeVisible();
    expect(
      within(screen.getByRole('region', { name: 'Établissement' })).getByText('Acme – Siège'),
    ).toBeVisible();
    expect(within(screen.getByRole('region', { name: 'Groupement' })).getAllByText('—')).toHaveLength(2);
    expect(screen.getByText('Cette fiche est en lecture seule.')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Modifier' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Changer le mot de passe' })).toBeNull();
  });

  it('edits the own record: the schema first, then server field errors on their fields, then the save', async () => {
    const user = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Modifier' }));
    const mail = within(contact()).getByRole('textbox', { name: 'Mail' });
    await user.clear(mail);
    await user.type(mail, 'pas-un-mail');
    await user.type(screen.getByLabelText(/^Mot de passe actuel/), 'Portail#2026');
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(mail).toHaveAccessibleDescription('Champ de type email'));
    expect(calls.some((call) => call.method === 'POST')).toBe(false);

    saveReply = () =>
      json(400, {
        status: 400,
        error: 'Bad Request',
        message: 'errors.validation',
        fieldErrors: [{ field: 'portable', defaultMessage: 'errors.portable' }],
      });
    await user.clear(mail);
    await user.type(mail, 'lucie@example.com');
    const mobile = within(contact()).getByRole('textbox', { name: 'Portable' });
    await user.clear(mobile);
    await user.type(mobile, '01 02 03 04 05');
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(mobile).toHaveAccessibleDescription("Le portable saisi n'est pas valide"));
    expect(notify).toHaveBeenCalledWith('form.error', 'error');

    record = makeRecord({ contact: { ...record.contact, mail: 'lucie@example.com' } });
    saveReply = () =>
      json(200, {
        ciemException: { messages: [{ level: 'INFO', errorCode: 'correspondant.enregistre' }] },
        correspondant: record,
        enAttente: { email: null, portable: null },
      });
    await user.clear(mobile);
    await user.type(mobile, '06 99 88 77 66');
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(notify).toHaveBeenCalledWith('messages.correspondant.enregistre', 'success'));
    const sent = calls
      .filter((call) => call.method === 'POST' && call.url.startsWith('/api/correspondant/'))
      .at(-1);
    expect(sent?.body).toEqual({
      civilite: 2,
      nom: 'Durand',
      prenom: 'Lucie',
      telephone: '01 23 45 67 89',
      portable: '06 99 88 77 66',
      fax: '',
      mail: 'lucie@example.com',
      fonction: 'DRH',
      motDePasse: 'Portail#2026',
    });
    // Back to the read-only block, showing the saved record.
    await waitFor(() => expect(within(contact()).queryByRole('textbox')).toBeNull());
    expect(within(contact()).getByText('lucie@example.com')).toBeVisible();
  });

  it('asks for the code sent to a new mobile, tells a wrong one with the tries left, and closes once confirmed', async () => {
    saveReply = () =>
      json(200, {
        ciemException: { messages: [{ level: 'INFO', errorCode: 'coordonnees.confirmation.envoyee' }] },
        correspondant: record,
        enAttente: { email: null, portable: '06 99 88 77 66' },
      });
    confirmReply = () =>
      json(409, {
        status: 409,
        error: 'Conflict',
        message: 'errors.business',
        ciemException: {
          messages: [{ level: 'WARN', errorCode: 'coordonnees.confirmation.codeFaux', args: ['2'] }],
        },
      });
    const user = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Modifier' }));
    await user.type(screen.getByLabelText(/^Mot de passe actuel/), 'Portail#2026');
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirmer la nouvelle coordonnée' });
    const code = within(dialog).getByRole('textbox', { name: /Code reçu par SMS au 06 99 88 77 66/ });
    expect(code).toHaveFocus();
    // The dialog tells that a code was sent: no toast saying it a second time.
    expect(notify).not.toHaveBeenCalledWith('messages.coordonnees.confirmation.envoyee', 'success');
    await user.type(code, '123456');
    await user.click(within(dialog).getByRole('button', { name: 'Confirmer' }));
    expect(await within(dialog).findByText(/Il vous reste 2 essai/)).toBeVisible();
    expect(calls.at(-1)?.body).toEqual({ canal: 'PORTABLE', code: '123456' });

    confirmReply = () =>
      json(200, {
        ciemException: { messages: [{ level: 'INFO', errorCode: 'coordonnees.confirmation.appliquee' }] },
        enAttente: { email: null, portable: null },
      });
    await user.clear(code);
    await user.type(code, '654321');
    await user.click(within(dialog).getByRole('button', { name: 'Confirmer' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('shows a refusal above the form', async () => {
    saveReply = () =>
      json(403, {
        status: 403,
        error: 'Forbidden',
        message: 'correspondants.error.modificationNonAutorisee',
      });
    const user = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Modifier' }));
    await user.type(screen.getByLabelText(/^Mot de passe actuel/), 'Portail#2026');
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText(/Vous ne pouvez modifier que votre propre fiche/)).toBeVisible();
  });

  it('says when the correspondant is out of reach', async () => {
    renderPage(999);
    expect(
      await screen.findByText("Ce correspondant n'existe pas ou ne fait pas partie de vos correspondants."),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: 'Retour à la liste des correspondants' })).toBeVisible();
  });
});

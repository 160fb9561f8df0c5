import type { EnumItem } from '@portail/contract/schemas/enums';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useForm } from 'react-hook-form';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { notify } from '../test/notify-stub';
import { ConfirmProvider } from './confirm-provider';
import { StreetTypeField } from './street-type-field';

vi.mock('../lib/notify', () => import('../test/notify-stub'));
vi.setConfig({ testTimeout: 20_000 });

const ALLEE: EnumItem = { id: 104, label: 'Allée', labelEn: 'Allée', raccourci: 'ALL', actif: true };
const TRAVERSE: EnumItem = {
  id: 3001,
  label: 'Traverse',
  labelEn: 'Traverse',
  raccourci: null,
  actif: true,
  enAttente: true,
};

const PENDING = 'Traverse (en attente de validation)';
let listed: EnumItem[];
let putReply: () => Response;
const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });

beforeAll(async () => {
  await import('./confirm-dialog');
});

beforeEach(() => {
  notify.mockReset();
  listed = [ALLEE];
  putReply = () => {
    // The server lists the author's pending value to them from now on.
    listed = [ALLEE, TRAVERSE];
    return json(TRAVERSE);
  };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_input: RequestInfo | URL, init?: RequestInit) =>
      init?.method === 'PUT' ? putReply() : json(listed),
    ),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
});

function Form() {
  const { control, watch } = useForm<{ typeVoie: number | null }>({ defaultValues: { typeVoie: null } });
  return (
    <>
      <StreetTypeField name="typeVoie" control={control} label="Type de voie" />
      <p data-testid="value">{String(watch('typeVoie'))}</p>
    </>
  );
}

function setup() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <ConfirmProvider>
        <Form />
      </ConfirmProvider>
    </QueryClientProvider>,
  );
  return userEvent.setup({ delay: null });
}

async function addTraverse(user: ReturnType<typeof userEvent.setup>) {
  const field = screen.getByRole('combobox', { name: 'Type de voie' });
  await user.type(field, 'Traverse');
  await user.click(await screen.findByRole('option', { name: /^Ajouter le type de voie «\s?Traverse\s?»$/ }));
  const dialog = await screen.findByRole('dialog', { name: 'Ajouter un type de voie' });
  expect(dialog).toHaveTextContent('puis à tous une fois validé par le centre');
  await user.click(screen.getByRole('button', { name: 'Ajouter' }));
  return field;
}

describe('street type field', () => {
  it('selects a value its author added at once, marked as awaiting the centre’s approval', async () => {
    const user = setup();
    const field = await addTraverse(user);
    await waitFor(() => expect(field).toHaveValue(PENDING));
    expect(screen.getByTestId('value')).toHaveTextContent('3001');
    expect(notify).toHaveBeenCalledWith('dropdown.succes', 'success');
  });

  it('says why an addition is refused: the day’s limit of the reach, a formula-like label', async () => {
    putReply = () =>
      json({ status: 429, error: 'Too Many Requests', message: 'enum.error.limiteAjouts' }, 429, {
        'Retry-After': '86000',
      });
    const user = setup();
    const field = await addTraverse(user);
    await waitFor(() => expect(notify).toHaveBeenCalledWith('messages.enum.error.limiteAjouts', 'error'));
    expect(field).not.toHaveValue(PENDING);
    expect(screen.getByTestId('value')).toHaveTextContent('null');

    putReply = () =>
      json(
        {
          status: 400,
          error: 'Bad Request',
          message: 'errors.validation',
          fieldErrors: [{ field: 'label', defaultMessage: 'errors.debutFormule' }],
        },
        400,
      );
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await user.clear(field);
    await addTraverse(user);
    await waitFor(() => expect(notify).toHaveBeenLastCalledWith('errors.debutFormule', 'error'));
  });
});

import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FormProvider, useForm } from 'react-hook-form';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AddressFields } from './address-fields';
import { ConfirmProvider } from './confirm-provider';

vi.mock('../lib/notify', () => import('../test/notify-stub'));

/** The postal code lookups the fields started, to await their end. */
const lookups = vi.hoisted((): Promise<unknown>[] => []);
vi.mock('../lib/postal-codes', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../lib/postal-codes')>();
  return {
    ...actual,
    lookUpPostalCode: (...args: Parameters<typeof actual.lookUpPostalCode>) => {
      const lookup = actual.lookUpPostalCode(...args);
      lookups.push(lookup);
      return lookup;
    },
  };
});

const commune = (codePostal: string, codeCommune: string, localite: string) => ({
  codePostal,
  codeCommune,
  localite,
  libelleAcheminement: localite.toUpperCase(),
});
const COMMUNES: Record<string, ReturnType<typeof commune>[]> = {
  '69001': [commune('69001', '69381', 'Lyon')],
  '01100': [commune('01100', '01283', 'Oyonnax'), commune('01100', '01007', 'Arbent')],
  '68130': [commune('68130', '68004', 'Altkirch'), commune('68130', '68010', 'Aspach')],
  '99999': [],
};
let lookupFails = false;

beforeEach(() => {
  lookupFails = false;
  lookups.length = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(String(input), 'http://localhost');
      if (url.pathname === '/api/adresse/code-postal') {
        if (lookupFails) return new Response(null, { status: 503 });
        const found = COMMUNES[url.searchParams.get('codePostal') ?? ''] ?? [];
        return new Response(JSON.stringify(found), { headers: { 'Content-Type': 'application/json' } });
      }
      // The lists (countries, street types): empty is enough here.
      return new Response('[]', { headers: { 'Content-Type': 'application/json' } });
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

function Form({ codePostal = '', localite = '' }: { codePostal?: string; localite?: string }) {
  const form = useForm({ defaultValues: { adresse: { codePostal, localite, pays: null } } });
  return (
    <FormProvider {...form}>
      <AddressFields prefix="adresse" />
      <p data-testid="locality">{form.watch('adresse.localite')}</p>
    </FormProvider>
  );
}

function renderForm(stored: { codePostal?: string; localite?: string } = {}) {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <ConfirmProvider>
        <Form {...stored} />
      </ConfirmProvider>
    </QueryClientProvider>,
  );
  return userEvent.setup();
}

const UNKNOWN = 'Code postal inconnu en France : vérifiez-le, ou saisissez la localité.';

describe('postal code of an address', () => {
  it('fills the only commune of a code', async () => {
    const user = renderForm();
    await user.type(screen.getByRole('textbox', { name: 'Code postal' }), '69001');
    await waitFor(() => expect(screen.getByTestId('locality')).toHaveTextContent('Lyon'));
    expect(screen.queryByText(UNKNOWN)).toBeNull();
  });

  it('offers the communes of a code that names several, and takes the one chosen', async () => {
    const user = renderForm();
    await user.type(screen.getByRole('textbox', { name: 'Code postal' }), '01100');
    await user.click(await screen.findByRole('button', { name: 'Arbent' }));
    expect(screen.getByTestId('locality')).toHaveTextContent('Arbent');
  });

  it('clears the locality of the previous code until one of the new code’s communes is chosen (issue 18)', async () => {
    const user = renderForm({ codePostal: '27740', localite: 'POSES' });
    const field = screen.getByRole('textbox', { name: 'Code postal' });
    await user.clear(field);
    await user.type(field, '68130');
    await user.click(await screen.findByRole('button', { name: 'Aspach' }));
    expect(screen.getByTestId('locality')).toHaveTextContent('Aspach');
    // Back to a code of which the locality is a commune, in another case: kept while choosing.
    await user.clear(field);
    await user.type(field, '01100');
    expect(await screen.findByRole('button', { name: 'Arbent' })).toBeVisible();
    expect(screen.getByTestId('locality')).toBeEmptyDOMElement();
  });

  it('keeps a locality the new code also names, whatever its case', async () => {
    const user = renderForm({ codePostal: '27740', localite: 'ALTKIRCH' });
    const field = screen.getByRole('textbox', { name: 'Code postal' });
    await user.clear(field);
    await user.type(field, '68130');
    expect(await screen.findByRole('button', { name: 'Aspach' })).toBeVisible();
    expect(screen.getByTestId('locality')).toHaveTextContent('ALTKIRCH');
  });

  it('says a code names no commune, under the field, and forgets it once the code changes', async () => {
    const user = renderForm();
    const field = screen.getByRole('textbox', { name: 'Code postal' });
    await user.type(field, '99999');
    expect(await screen.findByText(UNKNOWN)).toBeVisible();
    expect(field).toHaveAccessibleDescription(UNKNOWN);
    await user.clear(field);
    await user.type(field, '69001');
    await waitFor(() => expect(screen.getByTestId('locality')).toHaveTextContent('Lyon'));
    expect(screen.queryByText(UNKNOWN)).toBeNull();
  });

  it('says nothing when the lookup itself failed (docs/interface-conventions.md#postal-code-lookup: the locality is typed)', async () => {
    lookupFails = true;
    const user = renderForm();
    await user.type(screen.getByRole('textbox', { name: 'Code postal' }), '99999');
    // Once the lookup has failed, the field has handled it (its handler awaits the same promise).
    await waitFor(() => expect(lookups).toHaveLength(1));
    await act(async () => {
      expect(await lookups[0]).toBeNull();
    });
    expect(screen.queryByText(UNKNOWN)).toBeNull();
  });
});

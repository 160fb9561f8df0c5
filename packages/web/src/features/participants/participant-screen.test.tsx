import type { Message } from '@portail/contract/schemas/common';
import type { Participant } from '@portail/contract/schemas/participants';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ConfirmProvider } from '../../components/confirm-provider';
import { notify } from '../../lib/notify';
import { type FakeApi, fakeParticipantApi, makeParticipant } from '../../test/participant-fixtures';
import { makeUser } from '../../test/users';
import { ParticipantScreen } from './components/participant-screen';

vi.mock('../../lib/notify', () => ({ notify: vi.fn(), showToast: vi.fn() }));

// The whole form renders in jsdom: slow, so each step gets time.
vi.setConfig({ testTimeout: 30_000 });
const eventually = (check: () => void) => waitFor(check, { timeout: 5000 });

let api: FakeApi;

beforeAll(async () => {
  // The confirmation dialog loads on first use; have it ready.
  await import('../../components/confirm-dialog');
});

beforeEach(() => {
  api = fakeParticipantApi();
  vi.mocked(notify).mockClear();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

function renderScreen(participant: Participant | null, initialMessages: Message[] = []) {
  const user = makeUser(['ROLE_CORRESPONDANT'], { correspondantEtablissement: true });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(
    [
      {
        path: '/adherents/:id',
        element: (
          <ParticipantScreen participant={participant} user={user} initialMessages={initialMessages} />
        ),
      },
    ],
    { initialEntries: [participant ? `/adherents/${participant.id}` : '/adherents/nouveau'] },
  );
  render(
    <QueryClientProvider client={queryClient}>
      <ConfirmProvider>
        <RouterProvider router={router} />
      </ConfirmProvider>
    </QueryClientProvider>,
  );
  return userEvent.setup({ delay: null });
}

const combobox = (name: string) => screen.getByRole('combobox', { name: new RegExp(`^${name}`) });

/** Picks a country in one of the country fields (an autocomplete). */
async function chooseCountry(user: ReturnType<typeof userEvent.setup>, label: string, country: string) {
  const field = screen.getByRole('combobox', { name: label });
  // The countries are loaded once the default one (France) shows.
  await eventually(() => expect(field).not.toHaveValue(''));
  await user.clear(field);
  await user.type(field, country.slice(0, 4));
  await user.click(await screen.findByRole('option', { name: country }, { timeout: 5000 }));
}

describe('participant form: origin', () => {
  it('follows the countries and the postal code', async () => {
    const user = renderScreen(null);
    // A new participant lives and works in France, postal code not known yet: Province.
    await eventually(() => expect(combobox('Provenance')).toHaveTextContent('Province'));

    await chooseCountry(user, "Pays d'exercice", 'Allemagne');
    await eventually(() => expect(combobox('Provenance')).toHaveTextContent('Étranger'));

    await chooseCountry(user, "Pays d'exercice", 'France');
    await user.type(screen.getByRole('textbox', { name: 'Code postal' }), '92100');
    await eventually(() => expect(combobox('Provenance')).toHaveTextContent('Paris et région parisienne'));
  });
});

describe('participant form: postal code', () => {
  it('fills the locality and sets France when one commune has the code', async () => {
    api.localities['33000'] = [
      { codePostal: '33000', localite: 'Bordeaux', codeCommune: '33063', libelleAcheminement: 'BORDEAUX' },
    ];
    const user = renderScreen(null);
    await chooseCountry(user, 'Pays', 'Allemagne');
    await user.type(screen.getByRole('textbox', { name: 'Code postal' }), '3300');
    // Four characters name no commune yet.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(api.calls.some((call) => call.path === '/api/adresse/code-postal')).toBe(false);
    await user.type(screen.getByRole('textbox', { name: 'Code postal' }), '0');
    await eventually(() => expect(screen.getByRole('textbox', { name: 'Localité' })).toHaveValue('Bordeaux'));
    expect(screen.getByRole('combobox', { name: 'Pays' })).toHaveValue('France');
    expect(combobox('Provenance')).toHaveTextContent('Province');
  });

  it('offers the communes when several share the code', async () => {
    api.localities['01400'] = [
      {
        codePostal: '01400',
        localite: 'Châtillon-sur-Chalaronne',
        codeCommune: '01093',
        libelleAcheminement: 'CHATILLON SUR CHALARONNE',
      },
      {
        codePostal: '01400',
        localite: "L'Abergement-Clémenciat",
        codeCommune: '01001',
        libelleAcheminement: 'L ABERGEMENT CLEMENCIAT',
      },
    ];
    const user = renderScreen(null);
    await user.type(screen.getByRole('textbox', { name: 'Code postal' }), '01400');
    const choice = await screen.findByRole('status', {}, { timeout: 5000 });
    expect(choice).toHaveTextContent('Plusieurs communes correspondent à ce code postal');
    expect(screen.getByRole('textbox', { name: 'Localité' })).toHaveValue('');
    await user.click(within(choice).getByRole('button', { name: "L'Abergement-Clémenciat" }));
    expect(screen.getByRole('textbox', { name: 'Localité' })).toHaveValue("L'Abergement-Clémenciat");
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });
});

describe('participant form: saving', () => {
  it('stops with a warning when the server says the mobile is not valid', async () => {
    api.mobileValid = false;
    const user = renderScreen(makeParticipant());
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Attention' });
    expect(dialog).toHaveTextContent("Le numéro de portable saisi n'est pas valide");
    expect(
      api.calls.some((call) => call.path === '/api/user/verifIfPortableCorrecte/06%2012%2034%2056%2078'),
    ).toBe(true);
    expect(api.calls.some((call) => call.path === '/api/adherentsCorrespondant/detail')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    await eventually(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
  });

  it('saves once the mobile is accepted and shows the reply', async () => {
    const user = renderScreen(makeParticipant());
    await user.clear(screen.getByRole('textbox', { name: 'Profession' }));
    await user.type(screen.getByRole('textbox', { name: 'Profession' }), 'Architecte');
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(
      await screen.findByText(
        'Les modifications du participant ont été enregistrées.',
        {},
        { timeout: 5000 },
      ),
    ).toBeInTheDocument();
    // The message shows at the top of a long form: it takes focus, which scrolls it into view (issue 18).
    await eventually(() =>
      expect(document.activeElement).toContainElement(
        screen.getByText('Les modifications du participant ont été enregistrées.'),
      ),
    );
    const save = api.calls.find((call) => call.path === '/api/adherentsCorrespondant/detail');
    expect(save).toMatchObject({
      method: 'POST',
      body: { id: 4242, profession: 'Architecte', provenance: 16 },
    });
    // Said once, by the server's message on the screen: no second, generic toast.
    expect(notify).not.toHaveBeenCalledWith('form.saved', 'success');
  });

  it('says the form is invalid without calling the server', async () => {
    const user = renderScreen(makeParticipant());
    await user.clear(await screen.findByRole('textbox', { name: 'Mail' }));
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText('Élément obligatoire', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(notify).toHaveBeenCalledWith('form.error', 'error');
    expect(api.calls.some((call) => call.path.startsWith('/api/user/verif'))).toBe(false);
  });
});

describe('participant form: check-up type', () => {
  it('keeps the type while a check-up is in progress, with the alertTypeBilan dialog', async () => {
    const user = renderScreen(makeParticipant({ bilanEnCours: true }));
    await eventually(() => expect(combobox('Type de bilan')).toHaveTextContent('Bilan traditionnel'));
    await user.click(combobox('Type de bilan'));
    await user.click(await screen.findByRole('option', { name: 'Bilan traditionnel expatrié' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Type de bilan non modifiable' });
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    await eventually(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(combobox('Type de bilan')).toHaveTextContent(/^Bilan traditionnel$/);
  });

  it('offers a correspondant the allowed types only, showing a centre-only type as it is', async () => {
    const user = renderScreen(makeParticipant({ typeBilan: 34 }));
    await eventually(() => expect(combobox('Type de bilan')).toHaveTextContent('Bilan approfondi'));
    await user.click(combobox('Type de bilan'));
    expect(await screen.findByRole('option', { name: 'Bilan approfondi' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    expect(screen.getByRole('option', { name: 'Bilan traditionnel' })).not.toHaveAttribute('aria-disabled');
  });
});

describe('participant screen: inactive', () => {
  it('disables every field and has no save button', async () => {
    renderScreen(makeParticipant({ actif: false, dateResiliation: '2026-01-31', motifResiliation: 50 }));
    expect(await screen.findByText('Inactif')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Profession' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Enregistrer' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Réadmettre' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Résilier' })).not.toBeInTheDocument();
  });
});

describe('participant form: a person already known as terminated', () => {
  it('offers the way to re-admit the terminated record instead of a second creation', async () => {
    renderScreen(null, [{ level: 'ERROR', errorCode: 'participant.error.doublonResilie', args: ['4242'] }]);
    expect(
      await screen.findByText(
        'Cette personne est déjà un participant résilié de votre périmètre (n° 4242) : réadmettez-la plutôt que de créer une seconde fiche.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ouvrir la fiche n° 4242 pour la réadmettre' })).toHaveAttribute(
      'href',
      '/adherents/4242',
    );
    // The refusal and its way out take focus, not the page's body (issue 18).
    await eventually(() =>
      expect(document.activeElement).toContainElement(
        screen.getByRole('link', { name: 'Ouvrir la fiche n° 4242 pour la réadmettre' }),
      ),
    );
  });

  it('offers nothing for another refusal', async () => {
    renderScreen(null, [{ level: 'ERROR', errorCode: 'participant.error.doublon' }]);
    expect(await screen.findByText(/un participant actif portant les mêmes nom/)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /pour la réadmettre/ })).toBeNull();
  });
});

import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../../lib/i18n';
import { CheckupCard } from './checkup-card';

const deviceZone = process.env.TZ;
afterEach(() => {
  vi.unstubAllGlobals();
  // Node reads TZ again whenever it is set: the device's zone for one test.
  if (deviceZone === undefined) delete process.env.TZ;
  else process.env.TZ = deviceZone;
});

const visit = (typeVisite: string, dateRdv: string | null) => ({
  typeVisite,
  typeVisiteEn: `${typeVisite} (EN)`,
  dateRdv,
  heureFin: null,
  dureePrevue: 90,
  libelleEtat: dateRdv ? 'Planifiée' : 'À planifier',
  libelleEtatEn: dateRdv ? 'Planned' : 'To be planned',
  couleurEtat: dateRdv ? '#0277bd' : '#ef6c00',
});

function serve(
  consentReply: { level: 'INFO' | 'WARN'; errorCode: string },
  inProgress = true,
  applies: { desistementModifiable?: boolean; mammographieConcernee?: boolean } = {},
) {
  const home = {
    profil: 'PARTICIPANT',
    premiereConnexion: false,
    derniereConnexion: null,
    bilanEnCours: inProgress,
    accordDesistement: false,
    desistementModifiable: inProgress,
    mammographieConcernee: true,
    ...applies,
    visite1: inProgress ? visit('Examens biologiques', '2026-03-20T08:30:00.000Z') : null,
    visite2: null,
    visite3: inProgress ? visit('Consultation de synthèse', null) : null,
    mammographie: null,
    osteopathie: null,
    documents: [],
    mail: null,
    refusDmc: false,
  };
  const json = (body: unknown) =>
    new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    if (String(input) === '/api/adherents/accordDesistement') {
      expect(init?.body).toBe('true');
      return json({ ciemException: { messages: [consentReply] } });
    }
    return json(home);
  });
  vi.stubGlobal('fetch', fetchMock);
  render(
    <QueryClientProvider client={new QueryClient()}>
      <CheckupCard />
    </QueryClientProvider>,
  );
}

describe('CheckupCard', () => {
  it('shows the visits with their date, duration and state', async () => {
    serve({ level: 'INFO', errorCode: 'accueil.desistement.enregistre' });
    expect(
      await screen.findByRole('heading', { name: 'Visite 1 : Examens biologiques' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Date à planifier')).toBeInTheDocument();
    expect(screen.getAllByText('Durée prévue : 1 h 30')).toHaveLength(2);
    expect(screen.getByText('À planifier')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Date de ma dernière mammographie' })).toBeInTheDocument();
  });

  it('keeps the ticked consent when the server agrees', async () => {
    serve({ level: 'INFO', errorCode: 'accueil.desistement.enregistre' });
    const box = await screen.findByRole('checkbox');
    await userEvent.click(box);
    await waitFor(() => expect(box).not.toBeDisabled());
    expect(box).toBeChecked();
  });

  it('puts the consent back when the server warns', async () => {
    serve({ level: 'WARN', errorCode: 'accueil.desistement.aucuneVisite' });
    const box = await screen.findByRole('checkbox');
    await userEvent.click(box);
    await waitFor(() => expect(box).not.toBeDisabled());
    expect(box).not.toBeChecked();
  });

  it('disables the consent and says why when every visit is behind', async () => {
    serve({ level: 'INFO', errorCode: 'x' }, true, { desistementModifiable: false });
    const box = await screen.findByRole('checkbox');
    expect(box).toBeDisabled();
    expect(box).toHaveAccessibleDescription(
      'Toutes les visites de votre bilan ont eu lieu : ce choix ne s’applique plus.',
    );
  });

  it('offers the last-mammogram entry only when it concerns the participant', async () => {
    serve({ level: 'INFO', errorCode: 'x' }, true, { mammographieConcernee: false });
    expect(
      await screen.findByRole('heading', { name: 'Visite 1 : Examens biologiques' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Date de ma dernière mammographie' })).toBeNull();
    expect(screen.getByRole('checkbox')).not.toBeDisabled();
    expect(screen.queryByText(/ce choix ne s’applique plus/)).toBeNull();
  });

  it('shows the English visit types and states in an English interface', async () => {
    await changeLanguage('en_EN', false);
    try {
      serve({ level: 'INFO', errorCode: 'x' });
      expect(
        await screen.findByRole('heading', { name: 'Visit 1: Examens biologiques (EN)' }),
      ).toBeInTheDocument();
      expect(screen.getByText('To be planned')).toBeInTheDocument();
      expect(screen.queryByText('À planifier')).toBeNull();
      expect(screen.queryByText(/Examens biologiques$/)).toBeNull();
    } finally {
      await changeLanguage('fr_FR', false);
    }
  });

  it('is not shown without a check-up in progress', async () => {
    serve({ level: 'INFO', errorCode: 'x' }, false);
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Mon bilan en cours' })).toBeNull());
    expect(screen.queryByRole('checkbox')).toBeNull();
  });
});

describe('CheckupCard times (issue 18)', () => {
  // 2026-03-20T08:30Z is 09:30 in Paris (winter time) and 04:30 in New York.
  it('shows the visit at the centre’s time on a New York device, and says it is Paris time', async () => {
    process.env.TZ = 'America/New_York';
    serve({ level: 'INFO', errorCode: 'x' });
    expect(await screen.findByText('Le 20/03/2026 à 09:30')).toBeInTheDocument();
    expect(screen.getAllByText('Heures de Paris')).toHaveLength(1);
  });

  it('shows the same time without the notice on a Paris device', async () => {
    process.env.TZ = 'Europe/Paris';
    serve({ level: 'INFO', errorCode: 'x' });
    expect(await screen.findByText('Le 20/03/2026 à 09:30')).toBeInTheDocument();
    expect(screen.queryByText('Heures de Paris')).toBeNull();
  });
});

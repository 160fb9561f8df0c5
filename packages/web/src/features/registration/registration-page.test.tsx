import { configure, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage, i18next } from '../../lib/i18n';
import {
  CORRESPONDANT_LINK,
  EXPIRED_LINK,
  fakeServer,
  json,
  NOT_FOUND_LINK,
  PARTICIPANT_LINK,
  participantRoutes,
  renderRegistration,
} from './registration-fixtures';

vi.setConfig({ testTimeout: 20_000 });
// A busy machine may take more than the default second to load a step.
configure({ asyncUtilTimeout: 5000 });
const notify = vi.hoisted(() => vi.fn());
vi.mock('../../lib/notify', () => ({ notify, showToast: vi.fn() }));

afterEach(async () => {
  vi.unstubAllGlobals();
  notify.mockReset();
  await changeLanguage('fr_FR', false);
});

describe('registration link states (docs/activation.md#link-states)', () => {
  it('checks the token, then takes it out of the address bar and keeps it in the history state', async () => {
    const calls = fakeServer(participantRoutes());
    const { router } = renderRegistration();
    expect(screen.getByRole('status')).toHaveTextContent('Vérification du lien…');
    expect(
      await screen.findByRole('heading', { name: 'Étape 1 sur 6 : Identité et code SMS' }),
    ).toBeVisible();
    expect(calls[0]).toMatchObject({ route: 'POST /registration/token', token: 'jeton-123' });
    expect(router.state.location.search).toBe('');
    expect(router.state.location.state).toEqual({ token: 'jeton-123' });
  });

  it('resumes from the history state after a reload', async () => {
    const calls = fakeServer(participantRoutes({ ...PARTICIPANT_LINK, codeConfirme: true }));
    renderRegistration({ pathname: '/user/registrationCompte', state: { token: 'jeton-456' } });
    // The code was confirmed before the reload: the steps resume at the presentation.
    expect(await screen.findByRole('heading', { name: 'Étape 2 sur 6 : Présentation' })).toBeVisible();
    expect(calls.map((call) => [call.route, call.token])).toEqual([
      ['POST /registration/token', 'jeton-456'],
    ]);
  });

  it('shows the no-longer-valid card for an unknown link, with a way to sign in', async () => {
    fakeServer({ 'POST /registration/token': () => json(NOT_FOUND_LINK) });
    const { user, router } = renderRegistration();
    expect(await screen.findByRole('heading', { name: "Ce lien n'est plus valide" })).toBeVisible();
    expect(screen.getByText(/a expiré, a déjà été utilisé ou n'existe pas/)).toBeVisible();
    await user.click(screen.getByRole('link', { name: 'Aller à la connexion' }));
    expect(router.state.location.pathname).toBe('/login');
  });

  it('shows the same card without asking the server when the link has no token', async () => {
    const calls = fakeServer({});
    renderRegistration('/user/registrationCompte');
    expect(await screen.findByRole('heading', { name: "Ce lien n'est plus valide" })).toBeVisible();
    expect(calls).toEqual([]);
  });

  it('treats a token the server refuses to read (400) as not found', async () => {
    fakeServer({
      'POST /registration/token': () =>
        json({ status: 400, error: 'Bad Request', message: 'http.400', fieldErrors: [] }, 400),
    });
    renderRegistration(`/user/registrationCompte?token=${'x'.repeat(300)}`);
    expect(await screen.findByRole('heading', { name: "Ce lien n'est plus valide" })).toBeVisible();
    expect(notify).not.toHaveBeenCalled();
  });

  it('offers a new link for an expired one, then says it has been sent', async () => {
    const calls = fakeServer({
      'POST /registration/token': () => json(EXPIRED_LINK),
      'POST /registration/resend': () => json(true),
    });
    const { user } = renderRegistration();
    expect(await screen.findByRole('heading', { name: 'Ce lien a expiré' })).toBeVisible();
    await user.click(screen.getByRole('button', { name: "M'envoyer un nouveau lien" }));
    expect(await screen.findByRole('heading', { name: 'Un nouveau lien vous a été envoyé' })).toBeVisible();
    expect(screen.getByText(/Le lien précédent ne fonctionne plus/)).toBeVisible();
    expect(calls.at(-1)).toMatchObject({ route: 'POST /registration/resend', token: 'jeton-123' });
  });

  it('says so when no new link could be sent, and when asked too often', async () => {
    let reply = json(false);
    fakeServer({
      'POST /registration/token': () => json(EXPIRED_LINK),
      'POST /registration/resend': () => reply,
    });
    const { user } = renderRegistration();
    const resend = await screen.findByRole('button', { name: "M'envoyer un nouveau lien" });
    await user.click(resend);
    expect(await screen.findByText(/Le nouveau lien n'a pas pu être envoyé/)).toBeVisible();
    reply = json({ status: 429, error: 'Too Many Requests', message: 'http.429' }, 429, {
      'Retry-After': '120',
    });
    await user.click(resend);
    // A live countdown, the button waiting with it (issue 18).
    expect(
      await screen.findByText('Trop de demandes : nouveau lien possible dans 2 min 00 s.'),
    ).toBeVisible();
    expect(resend).toBeDisabled();
    expect(screen.getByRole('heading', { name: 'Ce lien a expiré' })).toBeVisible();
  });

  it('offers to retry when the link could not be checked', async () => {
    let fail = true;
    fakeServer({
      'POST /registration/token': () =>
        fail ? json({ status: 500, error: 'Internal', message: 'http.500' }, 500) : json(NOT_FOUND_LINK),
    });
    const { user } = renderRegistration();
    expect(await screen.findByText("Le lien n'a pas pu être vérifié.")).toBeVisible();
    expect(notify).toHaveBeenCalledWith('http.500', 'error', undefined);
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Réessayer' }));
    expect(await screen.findByRole('heading', { name: "Ce lien n'est plus valide" })).toBeVisible();
  });

  it('switches to English for an English-only account', async () => {
    fakeServer(participantRoutes({ ...PARTICIPANT_LINK, anglaisUniquement: true }));
    renderRegistration();
    expect(
      await screen.findByRole('heading', { name: 'Step 1 of 6: Identity and text message code' }),
    ).toBeVisible();
    expect(i18next.language).toBe('en_EN');
    expect(await screen.findByText(/A code has been sent by text message to •• •• •• •• 78/)).toBeVisible();
  });

  it('switches back to French for an account that is not English-only', async () => {
    await changeLanguage('en_EN', false);
    fakeServer(participantRoutes(CORRESPONDANT_LINK));
    renderRegistration();
    expect(await screen.findByRole('heading', { name: 'Étape 1 sur 3 : Présentation' })).toBeVisible();
    await waitFor(() => expect(i18next.language).toBe('fr_FR'));
  });
});

import { REGISTRATION_MESSAGES } from '@portail/contract/schemas/registration';
import { configure, screen, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  fakeServer,
  IDENTITY_LINK,
  json,
  PARTICIPANT_LINK,
  participantRoutes,
  renderRegistration,
  result,
} from './registration-fixtures';

vi.setConfig({ testTimeout: 30_000 });
configure({ asyncUtilTimeout: 5000 });
vi.mock('../../lib/notify', () => ({ notify: vi.fn(), showToast: vi.fn() }));
afterEach(() => vi.unstubAllGlobals());

const next = (user: UserEvent) => user.click(screen.getByRole('button', { name: 'Suivant' }));
const codeField = () => screen.getByRole('textbox', { name: "Code d'activation du centre" });

async function typeBirthDate(user: UserEvent, digits: string) {
  const group = screen.getByRole('group', { name: /^Date de naissance/ });
  const day = within(group).getAllByRole('spinbutton')[0];
  if (!day) throw new Error('no date sections');
  await user.click(day);
  await user.keyboard(digits);
}

describe('participant step 1: birth date and activation code first (issue 17)', () => {
  it('sends no text message before the centre code and the birth date are accepted', async () => {
    let identity = result(false, [{ level: 'ERROR', errorCode: REGISTRATION_MESSAGES.identityIncorrect }]);
    let linkState = IDENTITY_LINK;
    const calls = fakeServer({
      ...participantRoutes(),
      'POST /registration/token': () => json(linkState),
      'POST /registration/identite': () => identity,
    });
    const { user } = renderRegistration();

    expect(
      await screen.findByRole('heading', { name: 'Étape 1 sur 6 : Identité et code SMS' }),
    ).toBeVisible();
    expect(screen.getByText(/jamais de votre employeur/)).toBeVisible();
    await next(user);
    expect(await screen.findAllByText('Élément obligatoire')).toHaveLength(2);
    await typeBirthDate(user, '17051980');
    await user.type(codeField(), 'k7xq');
    await next(user);
    expect(
      await screen.findByText("Le code d'activation comporte 8 lettres et chiffres, par exemple K7XQ-2M9P"),
    ).toBeVisible();

    // A wrong date or code: one message, the code field emptied, still no text message.
    await user.clear(codeField());
    await user.type(codeField(), 'k7xq-2m9p');
    await next(user);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      "Date de naissance ou code d'activation incorrect. Vérifiez-les, ou demandez un nouveau code au centre de bilans.",
    );
    expect(codeField()).toHaveValue('');
    expect(calls.filter((c) => c.route === 'POST /registration/otp')).toHaveLength(0);
    expect(calls.find((c) => c.route === 'POST /registration/identite')?.body).toEqual({
      dateNaissance: '1980-05-17',
      codeActivation: 'k7xq-2m9p',
    });

    // Right: the text message is sent, and the link is read again for the identifier.
    identity = json({
      ok: true,
      exception: { messages: [{ level: 'INFO', errorCode: REGISTRATION_MESSAGES.identityConfirmed }] },
      preuve: 'proof-of-this-browser',
    });
    linkState = PARTICIPANT_LINK;
    await user.type(codeField(), 'K7XQ2M9P');
    await next(user);
    expect(await screen.findByText(/Un code vous a été envoyé par SMS au •• •• •• •• 78\./)).toBeVisible();
    expect(calls.filter((c) => c.route === 'POST /registration/otp')).toHaveLength(1);
    expect(calls.filter((c) => c.route === 'POST /registration/token').length).toBeGreaterThan(1);
    // The proof is this browser's: sent with the calls after the check, never before it.
    expect(calls.find((c) => c.route === 'POST /registration/identite')?.proof).toBeNull();
    expect(calls.find((c) => c.route === 'POST /registration/otp')?.proof).toBe('proof-of-this-browser');
    expect(calls.at(-1)?.proof).toBe('proof-of-this-browser');
    expect(sessionStorage.getItem('portail.registration.proof')).toContain('proof-of-this-browser');
  });

  it('says how long to wait once the tries are used up', async () => {
    fakeServer({
      ...participantRoutes(IDENTITY_LINK),
      'POST /registration/identite': () =>
        json({ status: 429, error: 'Too Many Requests', message: 'http.429' }, 429, {
          'Retry-After': '1800',
        }),
    });
    const { user } = renderRegistration();
    await screen.findByRole('heading', { name: 'Étape 1 sur 6 : Identité et code SMS' });
    await typeBirthDate(user, '17051980');
    await user.type(codeField(), 'K7XQ2M9P');
    await next(user);
    expect(
      await screen.findByText("Trop d'essais : veuillez réessayer dans 30 minutes, ou contacter le centre."),
    ).toBeVisible();
  });
});

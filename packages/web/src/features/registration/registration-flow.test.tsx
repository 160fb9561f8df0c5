import { act, configure, screen, waitFor } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import {
  CORRESPONDANT_LINK,
  fakeServer,
  json,
  participantRoutes,
  renderRegistration,
  result,
  text,
} from './registration-fixtures';

vi.setConfig({ testTimeout: 30_000 });
// A busy machine may take more than the default second to load a step.
configure({ asyncUtilTimeout: 5000 });
const notify = vi.hoisted(() => vi.fn());
vi.mock('../../lib/notify', () => ({ notify, showToast: vi.fn() }));

afterEach(() => {
  vi.unstubAllGlobals();
  notify.mockReset();
});

const heading = (name: string) => screen.findByRole('heading', { name });
const next = (user: UserEvent) => user.click(screen.getByRole('button', { name: 'Suivant' }));
const codeField = () => screen.getByRole('textbox', { name: 'Code reçu par SMS' });

async function typeCode(user: UserEvent, code: string) {
  await user.clear(codeField());
  await user.type(codeField(), code);
  await next(user);
}

async function chooseQuestion(user: UserEvent, label: string) {
  await user.click(screen.getByRole('combobox', { name: 'Question secrète' }));
  await user.click(await screen.findByRole('option', { name: label }));
}

async function fillSecurity(user: UserEvent, password = 'Brume#Falaise27') {
  await user.type(screen.getByLabelText('Mot de passe'), password);
  await user.type(screen.getByLabelText('Confirmation du mot de passe'), password);
  await chooseQuestion(user, 'Nom de votre premier animal ?');
  await user.type(screen.getByRole('textbox', { name: 'Réponse à la question secrète' }), 'Médor');
}

/** From a fresh participant link through step 4, with the contact filled in (the mobile as given). */
async function passContactStep(user: UserEvent, mobile: string) {
  await screen.findByText(/au •• •• •• •• 78/);
  await typeCode(user, '123456');
  await heading('Étape 2 sur 6 : Présentation');
  await next(user);
  await heading("Étape 3 sur 6 : Conditions d'utilisation");
  await next(user);
  await heading('Étape 4 sur 6 : Coordonnées');
  await user.type(screen.getByRole('textbox', { name: 'Adresse e-mail personnelle' }), 'moi@exemple.fr');
  await user.type(screen.getByRole('textbox', { name: 'Téléphone portable personnel' }), mobile);
  await next(user);
}

/** From a fresh participant link to step 5, with the contact filled in. */
async function toSecurityStep(user: UserEvent) {
  await passContactStep(user, '06 11 22 33 44');
  await heading('Étape 5 sur 6 : Sécurité');
}

describe('participant registration, six steps (docs/activation.md#participant-steps)', () => {
  it('goes through every step, checking each, and activates with exactly one consent box', async () => {
    const routes = participantRoutes();
    // A landline passes the form's check; the server refuses it on its field (issue 18).
    let contactReply = json(
      {
        status: 400,
        error: 'Bad Request',
        message: 'http.400',
        fieldErrors: [{ field: 'portablePersonnel', defaultMessage: 'errors.portable' }],
        ciemException: {
          messages: [{ level: 'ERROR', errorCode: 'registration.donneesConnexionIncorrectes' }],
        },
      },
      400,
    );
    routes['POST /registration/validerDonnesConnexion'] = () => contactReply;
    const calls = fakeServer(routes);
    const { user, router } = renderRegistration();

    // 1. The code, sent on arrival to the mobile on file (masked).
    expect(await screen.findByText(/Un code vous a été envoyé par SMS au •• •• •• •• 78\./)).toBeVisible();
    expect(codeField()).toHaveAttribute('autocomplete', 'one-time-code');
    expect(codeField()).toHaveAttribute('inputmode', 'numeric');
    await next(user);
    expect(await screen.findByText('Élément obligatoire')).toBeVisible();
    await typeCode(user, '12a');
    expect(await screen.findByText('Le code comporte 6 chiffres')).toBeVisible();
    expect(calls.filter((call) => call.route === 'PUT /registration/otp')).toEqual([]);
    await typeCode(user, '123456');
    const presentation = await heading('Étape 2 sur 6 : Présentation');
    // The new step's heading takes the focus.
    await waitFor(() => expect(presentation).toHaveFocus());
    expect(calls.find((call) => call.route === 'PUT /registration/otp')?.body).toEqual({ code: '123456' });

    // 2 and 3. The presentation and the terms of use.
    expect(screen.getByRole('heading', { name: 'Protection de vos données' })).toBeVisible();
    await next(user);
    const terms = await heading("Étape 3 sur 6 : Conditions d'utilisation");
    await waitFor(() => expect(terms).toHaveFocus());
    expect(screen.getByRole('heading', { name: '3. Données personnelles' })).toBeVisible();
    // Back and forth keeps the place.
    await user.click(screen.getByRole('button', { name: 'Précédent' }));
    await heading('Étape 2 sur 6 : Présentation');
    await next(user);
    await heading("Étape 3 sur 6 : Conditions d'utilisation");
    await next(user);

    // 4. Personal contact: required, e-mail format, then the server's check.
    await heading('Étape 4 sur 6 : Coordonnées');
    await next(user);
    expect(await screen.findAllByText('Élément obligatoire')).toHaveLength(2);
    expect(screen.getByRole('alert')).toHaveTextContent('Données de connexion incorrectes');
    const mail = screen.getByRole('textbox', { name: 'Adresse e-mail personnelle' });
    await user.type(mail, 'moi');
    await user.type(screen.getByRole('textbox', { name: 'Téléphone portable personnel' }), '06 11 22 33 44');
    await next(user);
    expect(await screen.findByText('Champ de type email')).toBeVisible();
    await user.type(mail, '@exemple.fr');
    await next(user);
    expect(await screen.findByRole('alert')).toHaveTextContent('Données de connexion incorrectes');
    expect(screen.getByRole('heading', { name: 'Étape 4 sur 6 : Coordonnées' })).toBeVisible();
    const mobile = screen.getByRole('textbox', { name: 'Téléphone portable personnel' });
    expect(mobile).toHaveAttribute('aria-invalid', 'true');
    expect(mobile).toHaveAccessibleDescription("Le portable saisi n'est pas valide");
    expect(mail).toHaveAttribute('aria-invalid', 'false');
    contactReply = result(true);
    await next(user);
    await heading('Étape 5 sur 6 : Sécurité');
    expect(
      calls.filter((call) => call.route === 'POST /registration/validerDonnesConnexion').at(-1)?.body,
    ).toEqual({ emailPersonnel: 'moi@exemple.fr', portablePersonnel: '06 11 22 33 44' });

    // 5. Password rules, confirmation, question and answer.
    expect(screen.getByText('manon.garnier')).toBeVisible();
    await next(user);
    expect(await screen.findByRole('alert')).toHaveTextContent('Données confidentielles incorrectes');
    expect(screen.getAllByText('Élément obligatoire')).toHaveLength(4);
    await user.type(screen.getByLabelText('Mot de passe'), 'simple');
    await user.type(screen.getByLabelText('Confirmation du mot de passe'), 'autre');
    await next(user);
    expect(await screen.findByText(/au moins 8 caractères dont une minuscule/)).toBeVisible();
    expect(screen.getByText('Les mots de passe doivent être identiques')).toBeVisible();
    await user.clear(screen.getByLabelText('Mot de passe'));
    await user.clear(screen.getByLabelText('Confirmation du mot de passe'));
    await fillSecurity(user);
    await next(user);

    // 6. Consent: exactly one of the two boxes.
    await heading('Étape 6 sur 6 : Consentement');
    const activate = screen.getByRole('button', { name: 'Activer mon compte' });
    const accept = screen.getByRole('checkbox', { name: "J'accepte l'accès à mon dossier médical en ligne" });
    const refuse = screen.getByRole('checkbox', { name: "Je refuse l'accès à mon dossier médical en ligne" });
    expect(activate).toBeDisabled();
    await user.click(accept);
    expect(activate).toBeEnabled();
    await user.click(refuse);
    expect(accept).not.toBeChecked();
    expect(refuse).toBeChecked();
    expect(activate).toBeEnabled();
    await user.click(refuse);
    expect(activate).toBeDisabled();
    await user.click(accept);
    await user.click(activate);

    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.state).toEqual({
      notice: 'registration.succes',
      identifiant: 'manon.garnier',
    });
    expect(calls.find((call) => call.route === 'POST /registration/confirmation')).toEqual({
      route: 'POST /registration/confirmation',
      token: 'jeton-123',
      // The fake link is proven already: this browser holds no proof of its own to send.
      proof: null,
      body: {
        emailPersonnel: 'moi@exemple.fr',
        portablePersonnel: '06 11 22 33 44',
        password: 'Brume#Falaise27',
        confirmPassword: 'Brume#Falaise27',
        questionSecrete: 2,
        reponseQuestionSecrete: 'Médor',
        accepterDMC: true,
        refuserDMC: false,
      },
    });
    // One code only, sent on arrival.
    expect(calls.filter((call) => call.route === 'POST /registration/otp')).toHaveLength(1);
  });

  it('warns on the first two wrong codes and sends the third back to sign-in', async () => {
    const replies = [
      result(false, [{ level: 'WARN', errorCode: 'tentative.1' }]),
      result(false, [{ level: 'WARN', errorCode: 'tentative.2' }]),
      result(false, [{ level: 'ERROR', errorCode: 'tentative.3' }]),
    ];
    const routes = participantRoutes();
    routes['PUT /registration/otp'] = () => replies.shift() ?? result(false);
    fakeServer(routes);
    const { user, router } = renderRegistration();
    await screen.findByText(/au •• •• •• •• 78/);
    await typeCode(user, '111111');
    expect(await screen.findByRole('alert')).toHaveTextContent('Code incorrect. Il vous reste 2 tentatives');
    expect(codeField()).toHaveValue('');
    await waitFor(() => expect(codeField()).toHaveFocus());
    await typeCode(user, '222222');
    expect(
      await screen.findByText("Code incorrect. Attention, il ne vous reste qu'une tentative"),
    ).toBeVisible();
    await typeCode(user, '333333');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(notify).toHaveBeenCalledWith('registration.code.tooManyTries', 'error');
  });

  it('shows the server error of an expired code, and sends a new code on request', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    onTestFinished(() => {
      vi.useRealTimers();
    });
    const routes = participantRoutes();
    routes['PUT /registration/otp'] = () =>
      result(false, [{ level: 'ERROR', errorCode: 'registration.otpExpire' }]);
    const calls = fakeServer(routes);
    const { user } = renderRegistration();
    await screen.findByText(/au •• •• •• •• 78/);
    await typeCode(user, '123456');
    expect(await screen.findByRole('alert')).toHaveTextContent('Ce code a expiré');
    // A code was texted a moment ago: a new one is offered once the server's interval has passed.
    const resend = screen.getByRole('button', { name: 'Recevoir un nouveau code' });
    expect(
      await screen.findByText(/^\(nouveau code possible dans \d+ s\)$/, { selector: '[aria-hidden="true"]' }),
    ).toBeVisible();
    expect(resend).toBeDisabled();
    act(() => vi.advanceTimersByTime(60_000));
    await waitFor(() => expect(resend).toBeEnabled());
    await user.click(resend);
    expect(await screen.findByText('Un nouveau code a été envoyé au •• •• •• •• 78.')).toBeVisible();
    expect(calls.filter((call) => call.route === 'POST /registration/otp')).toHaveLength(2);
  });

  it('says when no code could be sent, and how long to wait before another', async () => {
    let otp = () => text('');
    const routes = participantRoutes();
    routes['POST /registration/otp'] = () => otp();
    fakeServer(routes);
    const { user } = renderRegistration();
    expect(await screen.findByText(/Aucun code n'a pu vous être envoyé par SMS/)).toBeVisible();
    otp = () =>
      json({ status: 429, error: 'Too Many Requests', message: 'http.429' }, 429, { 'Retry-After': '42' });
    await user.click(screen.getByRole('button', { name: 'Recevoir un nouveau code' }));
    // The wait of the 429 is counted down beside the link, which stays off meanwhile.
    expect(await screen.findByText(/il y a quelques instants : saisissez-le/)).toBeVisible();
    expect(
      await screen.findByText(/^\(nouveau code possible dans 4[12] s\)$/, {
        selector: '[aria-hidden="true"]',
      }),
    ).toBeVisible();
    expect(screen.getByRole('button', { name: 'Recevoir un nouveau code' })).toBeDisabled();
    expect(notify).not.toHaveBeenCalled();
  });

  it('goes back to step 5 with the error on the password when the server refuses it', async () => {
    const routes = participantRoutes();
    routes['POST /registration/confirmation'] = () =>
      json(
        {
          status: 400,
          error: 'Bad Request',
          message: 'http.400',
          fieldErrors: [{ field: 'password', defaultMessage: 'errors.passwordFaible' }],
        },
        400,
      );
    fakeServer(routes);
    const { user, router } = renderRegistration();
    await toSecurityStep(user);
    await fillSecurity(user, 'Motdepasse#1');
    await next(user);
    await heading('Étape 6 sur 6 : Consentement');
    await user.click(screen.getByRole('checkbox', { name: /Je refuse/ }));
    await user.click(screen.getByRole('button', { name: 'Activer mon compte' }));
    const security = await heading('Étape 5 sur 6 : Sécurité');
    await waitFor(() => expect(security).toHaveFocus());
    expect(screen.getByText(/Ce mot de passe est trop facile à deviner/)).toBeVisible();
    expect(screen.getByRole('alert')).toHaveTextContent('Données confidentielles incorrectes');
    expect(router.state.location.pathname).toBe('/user/registrationCompte');
  });

  it('starts again from the code when its confirmation has lapsed', async () => {
    const routes = participantRoutes();
    routes['POST /registration/validerDonnesConnexion'] = () =>
      result(false, [{ level: 'ERROR', errorCode: 'registration.codeNonConfirme' }]);
    const calls = fakeServer(routes);
    const { user } = renderRegistration();
    await passContactStep(user, '0611223344');
    expect(await heading('Étape 1 sur 6 : Identité et code SMS')).toBeVisible();
    expect(screen.getByRole('alert')).toHaveTextContent("Veuillez d'abord confirmer le code reçu par SMS");
    await waitFor(() =>
      expect(calls.filter((call) => call.route === 'POST /registration/otp')).toHaveLength(2),
    );
  });
});

describe('correspondant registration, three steps (docs/activation.md#participant-steps)', () => {
  it('presents, shows the professional contact masked, then sets the password and question', async () => {
    const calls = fakeServer(participantRoutes(CORRESPONDANT_LINK));
    const { user, router } = renderRegistration();
    expect(await heading('Étape 1 sur 3 : Présentation')).toBeVisible();
    expect(screen.getByText(/votre compte de correspondant/)).toBeVisible();
    await next(user);
    await heading('Étape 2 sur 3 : Coordonnées professionnelles');
    expect(screen.getByText('Téléphone portable professionnel').nextElementSibling).toHaveTextContent(
      '•• •• •• •• 42',
    );
    expect(screen.getByText('Adresse e-mail professionnelle').nextElementSibling).toHaveTextContent(
      'corr.nouveau@example.com',
    );
    expect(screen.queryByRole('textbox')).toBeNull();
    await next(user);
    await heading('Étape 3 sur 3 : Sécurité');
    expect(screen.getByText('corr.nouveau')).toBeVisible();
    await fillSecurity(user);
    await user.click(screen.getByRole('button', { name: 'Activer mon compte' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(calls.find((call) => call.route === 'POST /registration/confirmation')?.body).toEqual({
      password: 'Brume#Falaise27',
      confirmPassword: 'Brume#Falaise27',
      questionSecrete: 2,
      reponseQuestionSecrete: 'Médor',
      accepterDMC: false,
      refuserDMC: false,
    });
    expect(calls.some((call) => call.route.endsWith('/registration/otp'))).toBe(false);
  });

  it('masks a professional mobile the server would send in full', async () => {
    fakeServer(participantRoutes({ ...CORRESPONDANT_LINK, portableProfessionnel: '06 98 76 54 32' }));
    const { user } = renderRegistration();
    await heading('Étape 1 sur 3 : Présentation');
    await next(user);
    expect(await screen.findByText('•• •• •• •• 32')).toBeVisible();
    expect(screen.queryByText(/06 98/)).toBeNull();
  });
});

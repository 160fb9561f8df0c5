import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { apiToken, createParticipant, uniqueName } from './participants-api';
import { expectAccessible, fillLogin, lastOutboxId, signIn, test } from './support';

/**
 * Registration by link (docs/activation.md#participant-steps, docs/activation.md#link-states) on the demo's pending accounts, whose links the demo
 * generation mailed into the outbox. Each test uses its own account: activation spends the link.
 */

const NEW_PASSWORD = 'Lagune#Ormeau58';

interface OutboxItem {
  id: number;
  channel: 'SMS' | 'MAIL' | 'LETTER';
  recipient: string;
  body: string;
}

async function outbox(request: APIRequestContext, recipient?: string): Promise<OutboxItem[]> {
  const query = recipient ? `recipient=${encodeURIComponent(recipient)}&limit=20` : 'limit=100';
  const reply = await request.get(`/api/dev/outbox?${query}`);
  const { items } = (await reply.json()) as { items: OutboxItem[] };
  return items.sort((a, b) => b.id - a.id);
}

/** The path and query of the newest registration link mailed to `login` (links name the public URL). */
async function mailedLink(request: APIRequestContext, login: string, other = ''): Promise<string> {
  let link = '';
  await expect
    .poll(async () => {
      const mails = (await outbox(request, `${login}@example.com`)).filter((item) => item.channel === 'MAIL');
      link = mails[0]?.body.match(/\/user\/registrationCompte\?token=[^\s]+/)?.[0] ?? '';
      return link !== '' && link !== other;
    })
    .toBe(true);
  return link;
}

/**
 * The 6-digit code of the newest text message sent after `afterId` whose body contains `phrase` and
 * whose number ends with `digits` (other tests may be sending codes at the same time).
 */
async function smsCode(request: APIRequestContext, afterId: number, phrase: RegExp, digits: string) {
  let code = '';
  await expect
    .poll(async () => {
      const sms = (await outbox(request)).find(
        (item) =>
          item.channel === 'SMS' &&
          item.id > afterId &&
          phrase.test(item.body) &&
          item.recipient.replace(/\D/g, '').endsWith(digits),
      );
      code = sms?.body.match(/\b(\d{6})\b/)?.[1] ?? '';
      return code;
    })
    .not.toBe('');
  return code;
}

/**
 * The centre's letter to a demo pending participant (a LETTER in the demo outbox, addressed to their
 * name): the activation code, and the birth date on file that the demo line recalls.
 */
async function letter(
  request: APIRequestContext,
  name: string,
): Promise<{ code: string; birthDate: string }> {
  const [item] = (await outbox(request, name)).filter((entry) => entry.channel === 'LETTER');
  const code = item?.body.match(/\b([A-Z2-9]{4}-[A-Z2-9]{4})\b/)?.[1] ?? '';
  const [, day, month, year] =
    item?.body.match(/(?:enregistrée est le|date of birth on file is) (\d{2})\/(\d{2})\/(\d{4})/) ?? [];
  expect(code, `no letter to ${name}`).not.toBe('');
  return { code, birthDate: `${year}-${month}-${day}` };
}

/** Types an ISO date into the picker's sections, day first. */
async function typeDate(page: Page, label: RegExp, isoDate: string) {
  const [year, month, day] = isoDate.split('-');
  await page.getByRole('group', { name: label }).getByRole('spinbutton').first().click();
  await page.keyboard.type(`${day}${month}${year}`);
}

const IDENTITY_FR = { date: /^Date de naissance/, code: "Code d'activation du centre" };
const IDENTITY_EN = { date: /^Date of birth/, code: 'Activation code from the centre' };

/** Step 1's first part: the birth date and the centre's activation code. */
async function proveIdentity(
  page: Page,
  proof: { code: string; birthDate: string },
  labels = IDENTITY_FR,
  nextLabel = 'Suivant',
) {
  await typeDate(page, labels.date, proof.birthDate);
  await page.getByRole('textbox', { name: labels.code }).fill(proof.code);
  await next(page, nextLabel);
}

/** The two digits the masked mobile of step 1 leaves visible. */
async function maskedDigits(page: Page): Promise<string> {
  const text = await page.getByText(/••\s••\s••\s••\s\d{2}/).textContent();
  // The groups are joined by no-break spaces.
  return text?.match(/••\s(\d{2})\b/)?.[1] ?? '';
}

// Masked mobiles join their groups with no-break spaces (\s matches them).
const ACTIVATION_FR = /code d'activation de compte/;
const ACTIVATION_EN = /account activation code/;

async function next(page: Page, label = 'Suivant') {
  await page.getByRole('button', { name: label, exact: true }).click();
}

async function fillSecurity(
  page: Page,
  texts: { password: string; confirmation: string; question: string; answer: string },
) {
  await page.getByLabel(texts.password, { exact: true }).fill(NEW_PASSWORD);
  await page.getByLabel(texts.confirmation, { exact: true }).fill(NEW_PASSWORD);
  await page.getByRole('combobox', { name: texts.question }).click();
  await page.getByRole('option').first().click();
  await page.getByRole('textbox', { name: texts.answer }).fill('Lyon');
}

const FRENCH_SECURITY = {
  password: 'Mot de passe',
  confirmation: 'Confirmation du mot de passe',
  question: 'Question secrète',
  answer: 'Réponse à la question secrète',
};

test.describe('registration by link', () => {
  test('a participant registers in six steps, a wrong code warns, the consent rule holds, then signs in', async ({
    page,
  }) => {
    test.slow();
    const link = await mailedLink(page.request, 'participant.inscription');
    const proof = await letter(page.request, 'GARNIER Manon');
    const before = await lastOutboxId(page.request);
    await page.goto(link);

    // 1. The birth date and the centre's code (a wrong code first), then the code by text message;
    // the token has left the address bar.
    await expect(page.getByRole('heading', { name: 'Étape 1 sur 6 : Identité et code SMS' })).toBeVisible();
    await expect(page).toHaveURL(/\/user\/registrationCompte$/);
    await proveIdentity(page, { ...proof, code: 'ZZZZ-ZZZZ' });
    await expect(page.getByRole('alert')).toContainText("Date de naissance ou code d'activation incorrect");
    await expectAccessible(page);
    await proveIdentity(page, proof);
    await expect(page.getByText(/Un code vous a été envoyé par SMS au ••\s••\s••\s••\s\d{2}/)).toBeVisible();
    // The code lives 20 s in these tests: axe judges step 1 once, with the warning shown.
    const code = await smsCode(page.request, before, ACTIVATION_FR, await maskedDigits(page));
    const wrong = code.replace(/\d$/, (digit) => String((Number(digit) + 1) % 10));
    await page.getByRole('textbox', { name: 'Code reçu par SMS' }).fill(wrong);
    await next(page);
    await expect(page.getByRole('alert')).toHaveText('Code incorrect. Il vous reste 2 tentatives');
    await expectAccessible(page);
    await page.getByRole('textbox', { name: 'Code reçu par SMS' }).fill(code);
    await next(page);

    // 2 and 3. Presentation and terms of use.
    const presentation = page.getByRole('heading', { name: 'Étape 2 sur 6 : Présentation' });
    await expect(presentation).toBeFocused();
    await expect(page.getByRole('heading', { name: 'Protection de vos données' })).toBeVisible();
    await expectAccessible(page);
    await next(page);
    await expect(
      page.getByRole('heading', { name: "Étape 3 sur 6 : Conditions d'utilisation" }),
    ).toBeVisible();
    await expect(page.getByRole('heading', { name: '3. Données personnelles' })).toBeVisible();
    await expectAccessible(page);
    await next(page);

    // 4. Personal contact, checked by the server.
    await expect(page.getByRole('heading', { name: 'Étape 4 sur 6 : Coordonnées' })).toBeVisible();
    await next(page);
    await expect(page.getByRole('alert')).toContainText('Données de connexion incorrectes');
    await expectAccessible(page);
    await page.getByRole('textbox', { name: 'Adresse e-mail personnelle' }).fill('manon.garnier@exemple.fr');
    await page.getByRole('textbox', { name: 'Téléphone portable personnel' }).fill('06 47 29 83 15');
    await next(page);

    // 5. Password and secret question.
    await expect(page.getByRole('heading', { name: 'Étape 5 sur 6 : Sécurité' })).toBeVisible();
    await expect(page.getByText('participant.inscription', { exact: true })).toBeVisible();
    await page.getByLabel('Mot de passe', { exact: true }).fill('simple');
    await next(page);
    await expect(page.getByText(/au moins 8 caractères dont une minuscule/).first()).toBeVisible();
    await expect(page.getByRole('alert')).toContainText('Données confidentielles incorrectes');
    await expectAccessible(page);
    await fillSecurity(page, FRENCH_SECURITY);
    await next(page);

    // 6. Consent: Activate only with exactly one box ticked.
    await expect(page.getByRole('heading', { name: 'Étape 6 sur 6 : Consentement' })).toBeVisible();
    const activate = page.getByRole('button', { name: 'Activer mon compte' });
    const accept = page.getByRole('checkbox', { name: "J'accepte l'accès à mon dossier médical en ligne" });
    const refuse = page.getByRole('checkbox', { name: "Je refuse l'accès à mon dossier médical en ligne" });
    await expect(activate).toBeDisabled();
    await expectAccessible(page);
    await accept.check();
    await expect(activate).toBeEnabled();
    await refuse.check();
    await expect(accept).not.toBeChecked();
    await expect(activate).toBeEnabled();
    await refuse.uncheck();
    await expect(activate).toBeDisabled();
    // Keyboard only: Space ticks the focused box.
    await accept.focus();
    await page.keyboard.press('Space');
    await expect(accept).toBeChecked();
    await expectAccessible(page);
    await activate.click();

    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByText('Votre compte est activé.', { exact: false })).toBeVisible();
    await expect(page.getByText('Votre identifiant de connexion : participant.inscription')).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Identifiant' })).toHaveValue('participant.inscription');
    await expectAccessible(page);
    await signIn(page, 'participant.inscription', { password: NEW_PASSWORD, mobile: '47298315' });

    // The link is spent.
    await page.goto(link);
    await expect(page.getByRole('heading', { name: "Ce lien n'est plus valide" })).toBeVisible();
  });

  test('a correspondant registers in three steps, then signs in', async ({ page }) => {
    await page.goto(await mailedLink(page.request, 'corr.inscription'));
    await expect(page.getByRole('heading', { name: 'Étape 1 sur 3 : Présentation' })).toBeVisible();
    await expect(page.getByText(/votre compte de correspondant/)).toBeVisible();
    await expectAccessible(page);
    await next(page);
    await expect(
      page.getByRole('heading', { name: 'Étape 2 sur 3 : Coordonnées professionnelles' }),
    ).toBeVisible();
    await expect(page.getByText(/^••\s••\s••\s••\s\d{2}$/)).toBeVisible();
    await expect(page.getByText('corr.inscription@example.com')).toBeVisible();
    await expect(page.getByRole('textbox')).toHaveCount(0);
    await expectAccessible(page);
    await next(page);
    await expect(page.getByRole('heading', { name: 'Étape 3 sur 3 : Sécurité' })).toBeVisible();
    await fillSecurity(page, FRENCH_SECURITY);
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Activer mon compte' }).click();

    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByText('Votre compte est activé.', { exact: false })).toBeVisible();
    await fillLogin(page, 'corr.inscription', { correspondant: true, password: NEW_PASSWORD });
    await expect(page).toHaveURL(/\/home$/);
    await expect(page.getByRole('navigation').first()).toBeVisible();
  });

  test('an expired link sends a new one, which works while the old one no longer does', async ({ page }) => {
    const login = 'participant.inscription.expiree';
    const oldLink = await mailedLink(page.request, login);
    await page.goto(oldLink);
    await expect(page.getByRole('heading', { name: 'Ce lien a expiré' })).toBeVisible();
    await expectAccessible(page);
    await page.getByRole('button', { name: "M'envoyer un nouveau lien" }).click();
    await expect(page.getByRole('heading', { name: 'Un nouveau lien vous a été envoyé' })).toBeVisible();
    await expectAccessible(page);

    const newLink = await mailedLink(page.request, login, oldLink);
    await page.goto(newLink);
    await expect(page.getByRole('heading', { name: 'Étape 1 sur 6 : Identité et code SMS' })).toBeVisible();
    await expect(page.getByRole('textbox', { name: "Code d'activation du centre" })).toBeVisible();
    await page.goto(oldLink);
    await expect(page.getByRole('heading', { name: "Ce lien n'est plus valide" })).toBeVisible();
    await expectAccessible(page);
  });

  test('an English-only participant registers in English', async ({ page }) => {
    test.slow();
    const link = await mailedLink(page.request, 'participant.inscription.en');
    const proof = await letter(page.request, 'TAYLOR Oliver');
    const before = await lastOutboxId(page.request);
    await page.goto(link);
    await expect(
      page.getByRole('heading', { name: 'Step 1 of 6: Identity and text message code' }),
    ).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expectAccessible(page);
    await proveIdentity(page, proof, IDENTITY_EN, 'Next');
    await expect(
      page.getByText(/A code has been sent by text message to ••\s••\s••\s••\s\d{2}/),
    ).toBeVisible();
    await expectAccessible(page);
    const code = await smsCode(page.request, before, ACTIVATION_EN, await maskedDigits(page));
    await page.getByRole('textbox', { name: 'Code received by text message' }).fill(code);
    await next(page, 'Next');
    await expect(page.getByRole('heading', { name: 'Step 2 of 6: Introduction' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'What your space offers' })).toBeVisible();
    await expectAccessible(page);
    await next(page, 'Next');
    await expect(page.getByRole('heading', { name: '1. Purpose' })).toBeVisible();
    await expectAccessible(page);
    await next(page, 'Next');
    await page.getByRole('textbox', { name: 'Personal e-mail address' }).fill('oliver.taylor@example.org');
    await page.getByRole('textbox', { name: 'Personal mobile phone' }).fill('06 58 31 94 27');
    await expectAccessible(page);
    await next(page, 'Next');
    await expect(page.getByRole('heading', { name: 'Step 5 of 6: Security' })).toBeVisible();
    await fillSecurity(page, {
      password: 'Password',
      confirmation: 'Password confirmation',
      question: 'Secret question',
      answer: 'Answer to the secret question',
    });
    await expectAccessible(page);
    await next(page, 'Next');
    await expect(page.getByRole('heading', { name: 'Step 6 of 6: Consent' })).toBeVisible();
    await page.getByRole('checkbox', { name: 'I refuse access to my online medical record' }).check();
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Activate my account' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByText('Your account is active.', { exact: false })).toBeVisible();
  });

  test('a participant a correspondant created cannot be activated with only the link and the SMS code', async ({
    page,
  }) => {
    // The employer types the contact details the link and the SMS go to, and the birth date.
    const nom = uniqueName('Emprunt');
    const token = await apiToken(page.request, 'corr.etablissement');
    await createParticipant(page.request, token, { nom, prenom: 'Alice', dateNaissance: '1985-06-15' });
    const mailbox = `alice.${nom.toLowerCase()}`;
    const link = await mailedLink(page.request, mailbox);
    const [mail] = await outbox(page.request, `${mailbox}@example.com`);
    expect(mail?.body).toContain('jamais de votre employeur');
    const before = await lastOutboxId(page.request);
    await page.goto(link);

    await expect(page.getByRole('heading', { name: 'Étape 1 sur 6 : Identité et code SMS' })).toBeVisible();
    await expect(page.getByText(/jamais de votre employeur/)).toBeVisible();
    await proveIdentity(page, { birthDate: '1985-06-15', code: 'K7XQ-2M9P' });
    await expect(page.getByRole('alert')).toContainText("Date de naissance ou code d'activation incorrect");
    await expect(page.getByRole('heading', { name: 'Étape 1 sur 6 : Identité et code SMS' })).toBeVisible();
    await expectAccessible(page);
    // No text message was sent to the mobile the employer typed, so no code to type either.
    const sent = (await outbox(page.request)).filter(
      (item) => item.channel === 'SMS' && item.id > before && ACTIVATION_FR.test(item.body),
    );
    expect(sent.filter((item) => item.recipient.replace(/\D/g, '').endsWith('12345678'))).toHaveLength(0);
    const otp = await page.request.post(`/api/registration/otp?token=${link.split('token=')[1] ?? ''}`);
    expect(otp.status()).toBe(200);
    expect(await otp.text()).toBe('');
  });

  test('a made-up token shows the no-longer-valid card', async ({ page }) => {
    await page.goto('/user/registrationCompte?token=jeton-invente-0000');
    await expect(page.getByRole('heading', { name: "Ce lien n'est plus valide" })).toBeVisible();
    await expect(page).toHaveURL(/\/user\/registrationCompte$/);
    await expectAccessible(page);
    await page.getByRole('link', { name: 'Aller à la connexion' }).click();
    await expect(page).toHaveURL(/\/login$/);
  });
});

import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { expectAccessible, fillLogin, lastOutboxId, outboxAfter, signIn, test } from './support';

/**
 * Account recovery (docs/recovery.md#forgot-password Forgot password, Forgot identifier, Reset-password link screen) on
 * participant.test3, which no other spec uses: its password changes here. The tests run in order, each
 * starting from what the previous one left.
 */
test.describe.configure({ mode: 'serial' });

const LOGIN = 'participant.test3';
const MAIL = `${LOGIN}@example.com`;
const ANSWER = 'paris';
const NEW_PASSWORD = 'Brume#Falaise27';

/** The reset link mailed to `MAIL` after `afterId`, as a path and query of the site under test. */
async function readResetLink(request: APIRequestContext, afterId: number): Promise<string> {
  let link = '';
  await expect
    .poll(
      async () => {
        const mail = (await outboxAfter(request, afterId)).find(
          (item) => item.channel === 'MAIL' && item.recipient === MAIL && /token=/.test(item.body),
        );
        link = mail?.body.match(/https?:\/\/\S+\?token=[^\s"<]+/)?.[0] ?? '';
        return link;
      },
      { timeout: 10_000 },
    )
    .toBeTruthy();
  // The link is built from the configured public URL: open its path on the server under test.
  const url = new URL(link);
  return `${url.pathname}${url.search}`;
}

const digits = (phone: string) => phone.replace(/\D/g, '').slice(-9);

/** Types a date into the picker's sections, day first. */
async function typeDate(page: Page, label: RegExp, isoDate: string) {
  const [year, month, day] = isoDate.split('-');
  await page.getByRole('group', { name: label }).getByRole('spinbutton').first().click();
  await page.keyboard.type(`${day}${month}${year}`);
}

/** The mobile and birth date of `LOGIN`, as the participant reads them in their own record. */
const person = { mobile: '', birthDate: '' };

test.describe('account recovery', () => {
  test('forgot identifier: mobile and birth date, the secret question, the identifier by text message', async ({
    page,
  }) => {
    // Two sign-ins' worth of codes and four accessibility checks.
    test.setTimeout(120_000);
    // The participant's own details, read in another tab (its own session) before anything changes.
    const tab = await page.context().newPage();
    await signIn(tab, LOGIN);
    const record = tab.waitForResponse(
      (response) =>
        response.url().endsWith('/api/participant/mescoordonnees') && response.request().method() === 'GET',
    );
    await tab.goto('/participant/mescoordonnees');
    const details = (await (await record).json()) as { telephonePortable: string; dateNaissance: string };
    person.mobile = details.telephonePortable;
    person.birthDate = details.dateNaissance;
    await tab.close();
    expect(person.mobile).not.toBe('');

    await page.goto('/login');
    await page.getByRole('link', { name: 'Identifiant oublié ?' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Identifiant oublié' })).toBeVisible();
    await page.getByRole('button', { name: 'Continuer' }).click();
    await expect(page.getByText('Élément obligatoire')).toHaveCount(2);
    await expectAccessible(page);

    await page.getByRole('textbox', { name: 'Numéro de portable' }).fill(person.mobile);
    await typeDate(page, /^Date de naissance/, person.birthDate);
    await page.getByRole('button', { name: 'Continuer' }).click();
    const answer = page.getByRole('textbox', { name: 'Réponse' });
    await expect(answer).toBeFocused();
    await expectAccessible(page);

    await answer.fill('lyon');
    await page.getByRole('button', { name: 'Valider la réponse' }).click();
    await expect(page.getByText('La réponse à la question secrète est incorrecte.')).toBeVisible();
    await expectAccessible(page);

    const before = await lastOutboxId(page.request);
    await answer.fill(ANSWER);
    await page.getByRole('button', { name: 'Valider la réponse' }).click();
    await expect(page.getByRole('alert')).toHaveText('Votre identifiant vous a été envoyé par SMS.');
    await expectAccessible(page);
    await expect
      .poll(async () =>
        (await outboxAfter(page.request, before)).some(
          (item) =>
            item.channel === 'SMS' &&
            digits(item.recipient) === digits(person.mobile) &&
            item.body.includes(LOGIN),
        ),
      )
      .toBe(true);
    await page.getByRole('link', { name: 'Retour à la connexion' }).click();
    await expect(page).toHaveURL(/\/login$/);
  });

  let usedLink = '';

  test('forgot password unlocks a locked account with a new password', async ({ page }) => {
    test.setTimeout(120_000);
    await page.goto('/login');
    // One attempt at a time, each answered before the next (a click during a pending sign-in is lost).
    await fillLogin(page, LOGIN, { password: 'Mauvais#2026' });
    await expect(page.getByText('Mot de passe incorrect. Il vous reste 2 tentatives')).toBeVisible();
    await fillLogin(page, LOGIN, { password: 'Mauvais#2026' });
    await expect(page.getByText("il ne vous reste qu'une tentative", { exact: false })).toBeVisible();
    await fillLogin(page, LOGIN, { password: 'Mauvais#2026' });
    await expect(page.getByText('Votre compte est désormais bloqué', { exact: false })).toBeVisible();

    await page.getByRole('link', { name: 'Mot de passe oublié ?' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Mot de passe oublié' })).toBeVisible();
    await page.getByRole('textbox', { name: 'Adresse e-mail' }).fill('pas-une-adresse');
    await page.getByRole('button', { name: 'Continuer' }).click();
    await expect(page.getByText('Champ de type email')).toBeVisible();
    await expectAccessible(page);

    await page.getByRole('textbox', { name: 'Adresse e-mail' }).fill(MAIL);
    await page.getByRole('button', { name: 'Continuer' }).click();
    await expect(page.getByText('Dans quelle ville êtes-vous né(e) ?')).toBeVisible();
    await expectAccessible(page);

    const before = await lastOutboxId(page.request);
    await page.getByRole('textbox', { name: 'Réponse' }).fill(' PARIS ');
    await page.getByRole('button', { name: 'Valider la réponse' }).click();
    // The sign-in's "locked" toast (also an alert) may still be on screen: look for the page's own.
    await expect(page.getByRole('alert').filter({ hasText: 'valable 1 heure' })).toBeVisible();
    await expectAccessible(page);

    usedLink = await readResetLink(page.request, before);
    expect(usedLink).toMatch(/^\/user\/reinitpassword\?token=/);
    await page.goto(usedLink);
    await expect(
      page.getByRole('heading', { level: 1, name: 'Réinitialisation du mot de passe' }),
    ).toBeVisible();
    // The token is read, then dropped from the address bar and the history.
    await expect(page).toHaveURL(/\/user\/reinitpassword$/);
    const password = page.getByLabel('Nouveau mot de passe', { exact: true });
    const confirmation = page.getByLabel('Confirmation du mot de passe', { exact: true });
    await expect(password).toBeVisible();
    await expectAccessible(page);

    await password.fill('motdepasse');
    await confirmation.fill('autre');
    await page.getByRole('button', { name: 'Enregistrer le mot de passe' }).click();
    await expect(page.getByText(/Le mot de passe doit contenir au moins 8 caractères/)).toBeVisible();
    await expect(page.getByText('Les mots de passe doivent être identiques')).toBeVisible();
    await expectAccessible(page);

    // Follows the rules but is one of the first guesses: the server refuses it on the field.
    await password.fill('Azerty123!');
    await confirmation.fill('Azerty123!');
    await page.getByRole('button', { name: 'Enregistrer le mot de passe' }).click();
    await expect(page.getByText(/trop facile à deviner/)).toBeVisible();

    await password.fill(NEW_PASSWORD);
    await confirmation.fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Enregistrer le mot de passe' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(
      page.getByText('Votre nouveau mot de passe est enregistré : vous pouvez vous connecter.'),
    ).toBeVisible();
    await expectAccessible(page);

    // The lock is lifted and the new password is the one that works.
    await signIn(page, LOGIN, {
      password: NEW_PASSWORD,
      ...(person.mobile ? { mobile: person.mobile } : {}),
    });
  });

  test('a spent link and a made-up one show the expired card', async ({ page }) => {
    expect(usedLink).not.toBe('');
    await page.goto(usedLink);
    await expect(page.getByRole('heading', { level: 1, name: 'Lien expiré' })).toBeVisible();
    await expect(page.getByText('Ce lien a expiré ou a déjà été utilisé.')).toBeVisible();
    await expect(page).toHaveURL(/\/user\/reinitpassword$/);
    await expectAccessible(page);
    await expect(page.getByRole('link', { name: 'Demander un nouveau lien' })).toHaveAttribute(
      'href',
      '/forgotPassword',
    );

    await page.goto('/user/changePassword?token=invente-de-toutes-pieces');
    await expect(page.getByRole('heading', { level: 1, name: 'Lien expiré' })).toBeVisible();
    await page.getByRole('link', { name: "Retour à l'accueil" }).click();
    await expect(page).toHaveURL(/\/login$/);
  });

  test.describe('in English', () => {
    test.use({ locale: 'en-US' });

    test('forgot password, its link and the expired card are translated and accessible', async ({ page }) => {
      test.setTimeout(90_000);
      await page.goto('/forgotPassword');
      await expect(page.getByRole('heading', { level: 1, name: 'Forgotten password' })).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('lang', 'en');
      await page.getByRole('button', { name: 'Continue' }).click();
      await expect(page.getByText('Required', { exact: true })).toBeVisible();
      await expectAccessible(page);

      await page.getByRole('textbox', { name: 'E-mail address' }).fill(MAIL);
      await page.getByRole('button', { name: 'Continue' }).click();
      await expect(page.getByText('In which city were you born?')).toBeVisible();
      const answer = page.getByRole('textbox', { name: 'Answer' });
      await expect(answer).toBeFocused();
      await expectAccessible(page);

      await answer.fill('london');
      await page.getByRole('button', { name: 'Submit the answer' }).click();
      await expect(page.getByText('The answer to the secret question is incorrect.')).toBeVisible();
      await expectAccessible(page);

      const before = await lastOutboxId(page.request);
      await answer.fill(ANSWER);
      await page.getByRole('button', { name: 'Submit the answer' }).click();
      await expect(page.getByRole('alert')).toContainText('valid for 1 hour');
      await expectAccessible(page);

      await page.goto(await readResetLink(page.request, before));
      await expect(page.getByRole('heading', { level: 1, name: 'Password reset' })).toBeVisible();
      await page.getByRole('button', { name: 'Save the password' }).click();
      await expect(page.getByText('Required', { exact: true }).first()).toBeVisible();
      await expectAccessible(page);

      await page.goto('/user/reinitpassword?token=made-up');
      await expect(page.getByRole('heading', { level: 1, name: 'Link expired' })).toBeVisible();
      await expectAccessible(page);
    });

    test('forgot identifier is translated and accessible', async ({ page }) => {
      expect(person.mobile).not.toBe('');
      await page.goto('/forgotIdentifiant');
      await expect(page.getByRole('heading', { level: 1, name: 'Forgotten identifier' })).toBeVisible();
      await page.getByRole('textbox', { name: 'Mobile number' }).fill(person.mobile);
      await typeDate(page, /^Date of birth/, person.birthDate);
      await expectAccessible(page);
      await page.getByRole('button', { name: 'Continue' }).click();
      const answer = page.getByRole('textbox', { name: 'Answer' });
      await expect(answer).toBeFocused();
      await expectAccessible(page);
      await answer.fill(ANSWER);
      await page.getByRole('button', { name: 'Submit the answer' }).click();
      await expect(page.getByRole('alert')).toHaveText(
        'Your identifier has been sent to you by text message.',
      );
      await expectAccessible(page);
    });
  });
});

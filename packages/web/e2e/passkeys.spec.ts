import { expect, type Page } from '@playwright/test';
import {
  enterSignInCode,
  expectAccessible,
  expectNoSidewaysScroll,
  FACTORS_URL,
  fillLogin,
  lastOutboxId,
  PASSWORD,
  test,
} from './support';

/**
 * Passkeys (docs/second-factors.md#passkeys) with Chromium's virtual authenticator (CDP WebAuthn): a
 * correspondant adds one under Mes coordonnées → Sécurité, signs out, signs in with the password then
 * the passkey, then with the passkey alone from the sign-in page; in French at desktop size, in English
 * at phone size. On the second factors' server (FACTORS_URL, a host name: WebAuthn refuses an IP
 * address), where the centre requires a correspondant's second factor: until the passkey, the second
 * step is the text-message code. This spec's own accounts there: corr.groupe (French) and corr.annuaire
 * (English): an enrolled passkey changes how they sign in.
 */
test.use({ baseURL: FACTORS_URL });

const TEXTS = {
  fr: {
    menu: 'Mes coordonnées',
    security: 'Sécurité',
    add: 'Ajouter une clé d’accès',
    dialog: 'Ajouter une clé d’accès',
    name: 'Nom de la clé',
    password: /^Mot de passe actuel/,
    create: 'Créer la clé',
    added: 'La clé d’accès a été ajoutée.',
    list: 'Vos clés d’accès',
    signOut: 'Se déconnecter',
    use: 'Utiliser ma clé d’accès',
    passkeySignIn: 'Se connecter avec une clé d’accès',
    lastUsed: /Dernière utilisation le/,
    correspondant: 'Je me connecte en tant que correspondant',
    identifier: 'Identifiant correspondant',
    loginPassword: 'Mot de passe',
    submit: 'Se connecter',
  },
  en: {
    menu: 'My details',
    security: 'Security',
    add: 'Add a passkey',
    dialog: 'Add a passkey',
    name: 'Passkey name',
    password: /^Current password/,
    create: 'Create the passkey',
    added: 'The passkey was added.',
    list: 'Your passkeys',
    signOut: 'Sign out',
    use: 'Use my passkey',
    passkeySignIn: 'Sign in with a passkey',
    lastUsed: /Last used on/,
    correspondant: 'I am signing in as a correspondant',
    identifier: 'Correspondant identifier',
    loginPassword: 'Password',
    submit: 'Sign in',
  },
} as const;
type Texts = (typeof TEXTS)[keyof typeof TEXTS];

/** Chromium's virtual platform authenticator: it keeps discoverable passkeys and verifies its user. */
async function virtualAuthenticator(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return {
    credentials: async () => (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials,
  };
}

/** The password, then the text-message code: the correspondant's second step until they hold a passkey. */
async function signInWithText(page: Page, login: string) {
  const before = await lastOutboxId(page.request);
  await fillLogin(page, login, { correspondant: true });
  await expect(page).toHaveURL(/\/user\/confirm/);
  await enterSignInCode(page, before);
  // The code screen has a navigation of its own (the other methods): wait for the next page, the
  // Sécurité tab (the centre asks this correspondant for a passkey or an app).
  await expect(page).toHaveURL(/\/mescoordonnees\?onglet=securite$/);
}

/** The sign-in form in the page's language, as a correspondant. */
async function fillCorrespondantLogin(page: Page, texts: Texts, login: string) {
  await page.getByLabel(texts.correspondant).check();
  await page.getByRole('textbox', { name: texts.identifier }).fill(login);
  await page.getByLabel(texts.loginPassword, { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: texts.submit, exact: true }).click();
}

async function signOut(page: Page, texts: Texts) {
  await page.getByRole('banner').getByRole('button', { name: /\w/ }).last().click();
  await page.getByRole('menuitem', { name: texts.signOut }).click();
  await expect(page).toHaveURL(/\/login$/);
}

async function toEnglish(page: Page) {
  await page.getByRole('banner').getByRole('button', { name: /\w/ }).last().click();
  await page.getByRole('menuitemradio', { name: 'English' }).click();
}

/** Adds a passkey from the Sécurité tab; returns its name. */
async function addPasskey(page: Page, texts: Texts, name: string) {
  await page.goto('/mescoordonnees?onglet=securite');
  await page.getByRole('button', { name: texts.add }).click();
  const dialog = page.getByRole('dialog', { name: texts.dialog });
  await expect(dialog).toBeVisible();
  await expectAccessible(page);
  await dialog.getByRole('textbox', { name: texts.name }).fill(name);
  await dialog.getByLabel(texts.password).fill(PASSWORD);
  await dialog.getByRole('button', { name: texts.create }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('status').filter({ hasText: texts.added })).toBeVisible();
  const list = page.getByRole('list', { name: texts.list });
  await expect(list.getByRole('listitem').filter({ hasText: name })).toBeVisible();
  await expectAccessible(page);
  await expectNoSidewaysScroll(page);
}

for (const scenario of [
  { language: 'fr' as const, login: 'corr.groupe', viewport: { width: 1280, height: 900 } },
  { language: 'en' as const, login: 'corr.annuaire', viewport: { width: 390, height: 844 } },
]) {
  test(`a correspondant adds a passkey, then signs in with it after the password and alone (${scenario.language}, ${scenario.viewport.width} wide)`, async ({
    page,
  }) => {
    test.setTimeout(150_000);
    await page.setViewportSize(scenario.viewport);
    const texts = TEXTS[scenario.language];
    const authenticator = await virtualAuthenticator(page);

    await signInWithText(page, scenario.login);
    if (scenario.language === 'en') await toEnglish(page);
    const name = `Chromium ${scenario.language}`;
    await addPasskey(page, texts, name);
    expect(await authenticator.credentials()).toHaveLength(1);

    // Password, then the passkey, asked first (no text went: the code screen offers one on request).
    await signOut(page, texts);
    await fillCorrespondantLogin(page, texts, scenario.login);
    await expect(page).toHaveURL(/\/user\/confirm/);
    const use = page.getByRole('button', { name: texts.use });
    await expect(use).toBeVisible();
    await expectAccessible(page);
    await use.click();
    await expect(page).toHaveURL(/\/home$/);

    // The passkey alone, from the sign-in page.
    await signOut(page, texts);
    const passkeySignIn = page.getByRole('button', { name: texts.passkeySignIn });
    await expect(passkeySignIn).toBeVisible();
    await expectAccessible(page);
    await passkeySignIn.click();
    await expect(page).toHaveURL(/\/home$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectAccessible(page);

    // Its last use shows in the list.
    await page.goto('/mescoordonnees?onglet=securite');
    await expect(
      page.getByRole('list', { name: texts.list }).getByRole('listitem').filter({ hasText: name }),
    ).toContainText(texts.lastUsed);
  });
}

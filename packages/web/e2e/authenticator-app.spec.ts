import { readFile } from 'node:fs/promises';
import { expect, type Page } from '@playwright/test';
import { generate } from 'otplib';
import { expectAccessible, expectNoSidewaysScroll, FACTORS_URL, PASSWORD, signIn, test } from './support';

/**
 * The authenticator app and its recovery codes (docs/second-factors.md#authenticator-app), on the
 * second factors' server: a participant adds an app in "Mes coordonnées" → "Sécurité" (the QR code's
 * key typed into otplib here, as a phone's app would), keeps the ten recovery codes, signs out, signs
 * in with the password and an app code, then with a recovery code, which is refused the second time.
 * French at 1280 px, English at 390 px; axe on every step. The accounts are this spec's own
 * (participant.test1 and participant.test2 on that server): an enrolled app changes their sign-in.
 */
test.use({ baseURL: FACTORS_URL });

interface Texts {
  account: string;
  securityTab: string;
  section: string;
  add: string;
  addDialog: string;
  password: RegExp;
  continue: string;
  secret: string;
  code: RegExp;
  confirm: string;
  codesDialog: string;
  codesList: string;
  download: string;
  fileName: string;
  kept: string;
  done: string;
  codesLeft: (n: number) => string;
  signOut: string;
  appCode: RegExp;
  recoveryMethod: string;
  recoveryCode: RegExp;
  submitStep: string;
}

const FR: Texts = {
  account: 'Mes coordonnées',
  securityTab: 'Sécurité',
  section: 'Application d’authentification',
  add: 'Ajouter une application',
  addDialog: 'Ajouter une application d’authentification',
  password: /^Mot de passe actuel/,
  continue: 'Continuer',
  secret: 'Clé à saisir dans l’application',
  code: /^Code à 6 chiffres/,
  confirm: 'Valider',
  codesDialog: 'Vos codes de secours',
  codesList: 'Codes de secours',
  download: 'Télécharger',
  fileName: 'codes-de-secours.txt',
  kept: 'J’ai conservé mes codes',
  done: 'Terminer',
  codesLeft: (n) => `${n} codes de secours restants`,
  signOut: 'Se déconnecter',
  appCode: /^Code de l’application/,
  recoveryMethod: 'Utiliser un code de secours',
  recoveryCode: /^Code de secours/,
  submitStep: 'Valider',
};

const EN: Texts = {
  account: 'My details',
  securityTab: 'Security',
  section: 'Authenticator app',
  add: 'Add an app',
  addDialog: 'Add an authenticator app',
  password: /^Current password/,
  continue: 'Continue',
  secret: 'Key to type into the app',
  code: /^6-digit code/,
  confirm: 'Confirm',
  codesDialog: 'Your recovery codes',
  codesList: 'Recovery codes',
  download: 'Download',
  fileName: 'recovery-codes.txt',
  kept: 'I have kept my codes',
  done: 'Done',
  codesLeft: (n) => `${n} recovery codes left`,
  signOut: 'Sign out',
  appCode: /^App code/,
  recoveryMethod: 'Use a recovery code',
  recoveryCode: /^Recovery code/,
  submitStep: 'Confirm',
};

const stepOf = (seconds: number) => Math.floor(seconds / 30);

/**
 * The app's code a phone would show, for a time step newer than the last one the server accepted
 * (a code is accepted once; the next step's is within the server's one-step tolerance).
 */
async function nextAppCode(secret: string, lastStep: number): Promise<{ code: string; step: number }> {
  const step = Math.max(stepOf(Date.now() / 1000), lastStep + 1);
  return { code: await generate({ secret, epoch: step * 30 }), step };
}

async function toEnglish(page: Page) {
  await page.getByRole('banner').getByRole('button', { name: /\w/ }).last().click();
  await page.getByRole('menuitemradio', { name: 'English' }).click();
}

async function signOut(page: Page, texts: Texts) {
  await page.getByRole('banner').getByRole('button', { name: /\w/ }).last().click();
  await page.getByRole('menuitem', { name: texts.signOut }).click();
  await expect(page).toHaveURL(/\/login$/);
}

/** The password step; the app's holder then lands on the code page with no text sent. */
async function passwordStep(page: Page, login: string) {
  if (!page.url().includes('/login')) await page.goto('/login');
  // The sign-in page speaks the language chosen last.
  await page.getByRole('textbox', { name: /^(Identifiant|Identifier)$/ }).fill(login);
  await page.getByLabel(/^(Mot de passe|Password)$/).fill(PASSWORD);
  await page.getByRole('button', { name: /^(Se connecter|Sign in)$/ }).click();
  await expect(page).toHaveURL(/\/user\/confirm/);
}

async function chooseMethod(page: Page, method: string) {
  await page.getByRole('button', { name: method, exact: true }).click();
}

/** Adds the app from the Sécurité tab; answers its key, the step of the code that confirmed it, the codes. */
async function enrol(page: Page, texts: Texts) {
  await page.goto('/mescoordonnees?onglet=securite');
  await expect(page.getByRole('tab', { name: texts.securityTab, exact: true })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  const section = page.getByRole('region', { name: texts.section });
  await expect(section.getByRole('button', { name: texts.add })).toBeVisible();
  await expectAccessible(page);
  await section.getByRole('button', { name: texts.add }).click();

  const passwordDialog = page.getByRole('dialog', { name: texts.addDialog });
  await passwordDialog.getByLabel(texts.password).fill(PASSWORD);
  await expectAccessible(page);
  await passwordDialog.getByRole('button', { name: texts.continue }).click();

  const scan = page.getByRole('dialog', { name: texts.addDialog });
  await expect(scan.getByRole('img')).toBeVisible();
  const shown = (await scan.getByLabel(texts.secret).textContent()) ?? '';
  expect(shown).toMatch(/^([A-Z2-7]{4} ){7}[A-Z2-7]{4}$/);
  const secret = shown.replace(/\s/g, '');
  await expectAccessible(page);
  const { code, step } = await nextAppCode(secret, 0);
  await scan.getByRole('textbox', { name: texts.code }).fill(code);
  await scan.getByRole('button', { name: texts.confirm }).click();

  const codesDialog = page.getByRole('dialog', { name: texts.codesDialog });
  const items = codesDialog.getByRole('list', { name: texts.codesList }).getByRole('listitem');
  await expect(items).toHaveCount(10);
  const codes = await items.allTextContents();
  for (const recovery of codes) expect(recovery).toMatch(/^[2-9A-HJKMNP-Z]{5}-[2-9A-HJKMNP-Z]{5}$/);
  await expectAccessible(page);
  const downloading = page.waitForEvent('download');
  await codesDialog.getByRole('button', { name: texts.download }).click();
  const file = await downloading;
  expect(file.suggestedFilename()).toBe(texts.fileName);
  const saved = await readFile((await file.path()) ?? '', 'utf8');
  for (const recovery of codes) expect(saved).toContain(recovery);
  await expect(codesDialog.getByRole('button', { name: texts.done })).toBeDisabled();
  await codesDialog.getByRole('checkbox', { name: texts.kept }).check();
  await codesDialog.getByRole('button', { name: texts.done }).click();
  await expect(codesDialog).toBeHidden();
  await expect(section.getByText(texts.codesLeft(10))).toBeVisible();
  return { secret, step, codes };
}

/** Enrols, signs out, signs in with an app code, then a recovery code once, refused the second time. */
async function wholeRound(page: Page, texts: Texts, login: string) {
  const { secret, step, codes } = await enrol(page, texts);
  await signOut(page, texts);

  await passwordStep(page, login);
  // The strongest method the account holds comes first: the app's code.
  const field = page.getByRole('textbox', { name: texts.appCode });
  await expect(field).toHaveAttribute('autocomplete', 'one-time-code');
  await expectAccessible(page);
  const next = await nextAppCode(secret, step);
  await field.fill(next.code);
  await page.getByRole('button', { name: texts.submitStep, exact: true }).click();
  await expect(page).toHaveURL(/\/home$/);
  await signOut(page, texts);

  const [first = '', second = ''] = codes;
  await passwordStep(page, login);
  await chooseMethod(page, texts.recoveryMethod);
  await expectAccessible(page);
  await page.getByRole('textbox', { name: texts.recoveryCode }).fill(first.toLowerCase());
  await page.getByRole('button', { name: texts.submitStep, exact: true }).click();
  await expect(page).toHaveURL(/\/home$/);
  await page.goto('/mescoordonnees?onglet=securite');
  await expect(page.getByRole('region', { name: texts.section }).getByText(texts.codesLeft(9))).toBeVisible();
  await signOut(page, texts);

  await passwordStep(page, login);
  await chooseMethod(page, texts.recoveryMethod);
  await page.getByRole('textbox', { name: texts.recoveryCode }).fill(first);
  await page.getByRole('button', { name: texts.submitStep, exact: true }).click();
  await expect(page.getByRole('alert').filter({ hasText: /\w/ }).first()).toBeVisible();
  await expect(page).toHaveURL(/\/user\/confirm/);
  await expectAccessible(page);
  await page.getByRole('textbox', { name: texts.recoveryCode }).fill(second);
  await page.getByRole('button', { name: texts.submitStep, exact: true }).click();
  await expect(page).toHaveURL(/\/home$/);
}

test.describe('authenticator app and recovery codes', () => {
  test('in French at 1280 px: add an app, sign in with its code, a recovery code works once', async ({
    page,
  }) => {
    test.setTimeout(180_000);
    await page.setViewportSize({ width: 1280, height: 900 });
    await signIn(page, 'participant.test1');
    await wholeRound(page, FR, 'participant.test1');
  });

  test('in English on a phone (390 px): the same, nothing wider than the screen', async ({ page }) => {
    test.setTimeout(180_000);
    await signIn(page, 'participant.test2');
    // A phone from here on (the side menu, which signIn waits for, folds away on a phone).
    await page.setViewportSize({ width: 390, height: 844 });
    await toEnglish(page);
    await page.goto('/mescoordonnees?onglet=securite');
    await expectNoSidewaysScroll(page);
    await wholeRound(page, EN, 'participant.test2');
    await page.goto('/mescoordonnees?onglet=securite');
    await expectNoSidewaysScroll(page);
  });
});

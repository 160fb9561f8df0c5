import { expect } from '@playwright/test';
import {
  enterSignInCode,
  expectAccessible,
  fillLogin,
  lastOutboxId,
  readCode,
  signIn,
  test,
} from './support';

test.describe('sign-in', () => {
  test('the login page is accessible and the checkbox changes the identifier label', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('textbox', { name: 'Identifiant' })).toBeVisible();
    await page.getByLabel('Je me connecte en tant que correspondant').check();
    await expect(page.getByRole('textbox', { name: 'Identifiant correspondant' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Mot de passe oublié ?' })).toHaveAttribute(
      'href',
      '/forgotPassword',
    );
    await expect(page.getByRole('link', { name: 'Identifiant oublié ?' })).toHaveAttribute(
      'href',
      '/forgotIdentifiant',
    );
    await page.getByRole('button', { name: 'Se connecter', exact: true }).click();
    await expect(page.getByText('Élément obligatoire').first()).toBeVisible();
    await expectAccessible(page);
  });

  for (const account of [
    { id: 'corr.etablissement', correspondant: true },
    { id: 'corr.entreprise', correspondant: true },
    { id: 'corr.groupe', correspondant: true },
    { id: 'admin', correspondant: false },
  ]) {
    test(`${account.id} signs in and out`, async ({ page }) => {
      await signIn(page, account.id, { correspondant: account.correspondant });
      await expect(page).toHaveURL(/\/home$/);
      await expect(
        page.getByText(/Bienvenue : c'est votre première connexion|Dernière connexion le/),
      ).toBeVisible();
      await expectAccessible(page);
      await page.getByRole('banner').getByRole('button', { name: /\w/ }).last().click();
      await page.getByRole('menuitem', { name: 'Se déconnecter' }).click();
      await expect(page).toHaveURL(/\/login$/);
      await page.goto('/home');
      await expect(page).toHaveURL(/\/login/);
    });
  }

  test('a participant confirms the text-message code, and the menu follows the consent', async ({ page }) => {
    const before = await lastOutboxId(page.request);
    await fillLogin(page, 'participant.dmc');
    await expect(page).toHaveURL(/\/user\/confirm$/);
    await expect(page.getByRole('navigation', { name: 'Menu principal' })).toHaveCount(0);
    await expect(page.getByText(/•• \d{2}/)).toBeVisible();
    await expectAccessible(page);
    // Before the code, nothing else is reachable.
    await page.goto('/home');
    await expect(page).toHaveURL(/\/user\/confirm$/);
    await enterSignInCode(page, before);
    await expect(page).toHaveURL(/\/home$/);
    const menu = page.getByRole('navigation', { name: 'Menu principal' });
    await expect(menu.getByRole('link', { name: "Résultats d'analyses" })).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Liste des participants' })).toHaveCount(0);
    await expectAccessible(page);
    // Already confirmed: going back to the confirmation screen signs out.
    await page.goto('/user/confirm');
    await expect(page.getByText('Vous êtes déjà connecté', { exact: false })).toBeVisible();
    await expect(page).toHaveURL(/\/login/);
  });

  test('a code that is not six digits is refused on the spot and spends no try', async ({ page }) => {
    const before = await lastOutboxId(page.request);
    await fillLogin(page, 'participant.refus');
    await expect(page).toHaveURL(/\/user\/confirm$/);
    const field = page.getByRole('textbox', { name: 'Code de confirmation' });
    for (const typed of ['12345', '1234567', '12a456']) {
      await field.fill(typed);
      await page.getByRole('button', { name: 'Confirmer' }).click();
      await expect(page.getByText('Le code comporte 6 chiffres')).toBeVisible();
    }
    await expect(page.getByText('Code incorrect', { exact: false })).toHaveCount(0);
    await enterSignInCode(page, before);
    await expect(page).toHaveURL(/\/home$/);
  });

  test('a participant without medical-record consent has no documents menu', async ({ page }) => {
    await signIn(page, 'participant.sansdmc');
    const menu = page.getByRole('navigation', { name: 'Menu principal' });
    await expect(menu.getByRole('link', { name: 'Accueil' })).toBeVisible();
    await expect(menu.getByRole('link', { name: "Résultats d'analyses" })).toHaveCount(0);
    await expect(menu.getByRole('link', { name: 'Fiches conseils' })).toHaveCount(0);
  });

  test('a wrong code warns, and the third ends the session', async ({ page }) => {
    const before = await lastOutboxId(page.request);
    await fillLogin(page, 'participant.test4');
    await expect(page).toHaveURL(/\/user\/confirm$/);
    const code = await readCode(page.request, before);
    const wrong = code === '000000' ? '111111' : '000000';
    const field = page.getByRole('textbox', { name: 'Code de confirmation' });
    await field.fill(wrong);
    await page.getByRole('button', { name: 'Confirmer' }).click();
    await expect(page.getByText('Code incorrect. Il vous reste 2 tentatives')).toBeVisible();
    await field.fill(wrong);
    await page.getByRole('button', { name: 'Confirmer' }).click();
    await expect(
      page.getByText("Code incorrect. Attention, il ne vous reste qu'une tentative"),
    ).toBeVisible();
    await field.fill(wrong);
    await page.getByRole('button', { name: 'Confirmer' }).click();
    await expect(page).toHaveURL(/\/login/);
    await expect(page.getByText('Code incorrect à trois reprises', { exact: false })).toBeVisible();
  });

  test('an expired code returns to the login page', async ({ page }) => {
    test.setTimeout(60_000);
    const before = await lastOutboxId(page.request);
    await fillLogin(page, 'participant.test5');
    await expect(page).toHaveURL(/\/user\/confirm$/);
    const code = await readCode(page.request, before);
    // The browser-test server gives codes 20 seconds (SIGN_IN_CODE_TTL_S).
    await page.waitForTimeout(21_000);
    await page.getByRole('textbox', { name: 'Code de confirmation' }).fill(code);
    await page.getByRole('button', { name: 'Confirmer' }).click();
    await expect(page).toHaveURL(/\/login/);
    await expect(page.getByText('Le code a expiré', { exact: false })).toBeVisible();
  });

  test('three wrong passwords lock the account', async ({ page }) => {
    await page.goto('/login');
    await fillLogin(page, 'participant.test1', { password: 'Mauvais#2026' });
    await expect(page.getByText('Mot de passe incorrect. Il vous reste 2 tentatives')).toBeVisible();
    await fillLogin(page, 'participant.test1', { password: 'Mauvais#2026' });
    await expect(page.getByText("il ne vous reste qu'une tentative", { exact: false })).toBeVisible();
    await fillLogin(page, 'participant.test1', { password: 'Mauvais#2026' });
    await expect(page.getByText('Votre compte est désormais bloqué', { exact: false })).toBeVisible();
    await fillLogin(page, 'participant.test1');
    await expect(page.getByText('Votre compte est bloqué', { exact: false })).toBeVisible();
    await expect(page).toHaveURL(/\/login/);
  });
});

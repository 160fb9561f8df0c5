import { expect, type Page } from '@playwright/test';
import {
  enterSignInCode,
  expectAccessible,
  expectNoSidewaysScroll,
  FACTORS_URL,
  fillLogin,
  lastOutboxId,
  test,
} from './support';

/**
 * The centre requires a correspondant's second factor (docs/second-factors.md#policy), on the second
 * factors' server (CORRESPONDANT_SECOND_FACTOR=required). A correspondant who holds no passkey or app
 * signs in with a code texted to their professional mobile (the fallback), then lands on the Sécurité
 * tab, which asks them to add one. Accounts this spec alone uses there: corr.etablissement, corr.autre.
 */
test.use({ baseURL: FACTORS_URL });

/** The public pages' language switch: FR and EN in the top bar. */
async function toEnglish(page: Page) {
  await page.getByRole('banner').getByRole('button').last().click();
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
}

test.describe('a correspondant the centre requires a second factor of', () => {
  test('signs in with a code texted to their mobile, then is asked to add a passkey or an app', async ({
    page,
  }) => {
    const before = await lastOutboxId(page.request);
    await fillLogin(page, 'corr.etablissement', { correspondant: true });
    await expect(page).toHaveURL(/\/user\/confirm/);
    await expect(page.getByText(/Un code de confirmation vous a été envoyé par SMS au/)).toBeVisible();
    await expectAccessible(page);
    await enterSignInCode(page, before);
    await expect(page).toHaveURL(/\/mescoordonnees\?onglet=securite/);
    await expect(page.getByRole('tab', { name: 'Sécurité', exact: true })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    const panel = page.getByRole('region', { name: 'Connexion en deux étapes' });
    await expect(panel.getByRole('alert')).toContainText('Votre centre demande aux correspondants');
    await expect(panel.getByText('Envoyé au')).toBeVisible();
    await expect(panel.getByText('Activé', { exact: true })).toBeVisible();
    // The text message cannot go off before a passkey or an app is there to sign in with.
    await expect(panel.getByRole('button', { name: 'Désactiver le code par SMS' })).toHaveCount(0);
    await expect(page.getByRole('region', { name: 'Sessions ouvertes' })).toBeVisible();
    await expectAccessible(page);
  });

  test('on a phone, in English', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/login');
    await toEnglish(page);
    const before = await lastOutboxId(page.request);
    await page.getByLabel('I am signing in as a correspondant').check();
    await page.getByRole('textbox', { name: 'Correspondant identifier' }).fill('corr.autre');
    await page.getByLabel('Password', { exact: true }).fill('Portail#2026');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page).toHaveURL(/\/user\/confirm/);
    await expect(page.getByText(/A confirmation code has been sent by text message to/)).toBeVisible();
    await expectNoSidewaysScroll(page);
    await expectAccessible(page);
    await enterSignInCode(page, before);
    await expect(page).toHaveURL(/\/mescoordonnees\?onglet=securite/);
    const panel = page.getByRole('region', { name: 'Two-step sign-in' });
    await expect(panel.getByRole('alert')).toContainText('Your centre asks correspondants');
    await expectNoSidewaysScroll(page);
    await expectAccessible(page);
  });
});

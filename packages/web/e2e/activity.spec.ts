import { expect, type Page } from '@playwright/test';
import { expectAccessible, expectNoSidewaysScroll, signIn, tabTo, test } from './support';

/**
 * "Mon activité" (docs/activity.md, issue 23): participant.dmc opens a document, then finds that view
 * in their activity, with their sign-in; the screen reads on a phone, from the keyboard, in English.
 */

const menu = (page: Page, name: string) => page.getByRole('navigation', { name }).first();
const activityList = (page: Page, name = 'Votre activité') => page.getByRole('list', { name });

/** Opens the first document of "Résultats d'analyses" in the viewer and answers its title. */
async function viewFirstDocument(page: Page): Promise<string> {
  await menu(page, 'Menu principal').getByRole('link', { name: "Résultats d'analyses", exact: true }).click();
  const table = page.getByRole('table', { name: "Documents : Résultats d'analyses" });
  await expect(table).toHaveAttribute('aria-busy', 'false');
  const view = table.getByRole('button', { name: /^Voir « / }).first();
  const label = (await view.getAttribute('aria-label')) ?? (await view.innerText());
  const title = /^Voir « (.+) »/.exec(label)?.[1];
  if (!title) throw new Error(`no title in "${label}"`);
  await view.click();
  await expect(page.getByRole('dialog').locator('canvas[data-rendered]')).toBeVisible({ timeout: 15_000 });
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toBeHidden();
  return title;
}

async function openActivity(page: Page) {
  await menu(page, 'Menu principal').getByRole('link', { name: 'Mon activité', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Mon activité', level: 1 })).toBeVisible();
}

test.describe('my activity', () => {
  test('participant.dmc views a document and finds the view and the sign-in in "Mon activité"', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await signIn(page, 'participant.dmc');
    const title = await viewFirstDocument(page);
    await openActivity(page);
    const items = activityList(page).getByRole('listitem');
    // Newest first: the view just made heads the list (other tests may sign this account in meanwhile).
    await expect(items.filter({ hasText: `Document « ${title} » consulté` }).first()).toBeVisible();
    await expect(items.filter({ hasText: /^Connexion à votre compte depuis Chrom/ }).first()).toBeVisible();
    await expectAccessible(page);

    // The filter from the keyboard: only sign-ins, then back to everything.
    const filter = page.getByRole('combobox', { name: 'Afficher' });
    await tabTo(page, filter);
    await page.keyboard.press('Enter');
    await expect(page.getByRole('option', { name: 'Connexions et sécurité' })).toBeVisible();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect(filter).toHaveText('Connexions et sécurité');
    await expect(page).toHaveURL(/type=signIns/);
    await expect(items.filter({ hasText: 'consulté' })).toHaveCount(0);
    await expect(items.first()).toContainText(/Connexion|connexion|Code|Compte|Mot de passe/);
  });

  test('reads on a phone without sideways scroll, and in English', async ({ page }) => {
    await signIn(page, 'participant.dmc');
    // Signed in on a wide window (the sign-in waits for the side menu), then a phone's.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/participant/monActivite');
    await expect(page.getByRole('heading', { name: 'Mon activité', level: 1 })).toBeVisible();
    await expect(activityList(page).getByRole('listitem').first()).toBeVisible();
    await expectNoSidewaysScroll(page);
    await expectAccessible(page);

    await page.getByRole('banner').getByRole('button', { name: /\w/ }).last().dispatchEvent('click');
    await page.getByRole('menuitemradio', { name: 'English' }).dispatchEvent('click');
    await expect(page.getByRole('heading', { name: 'My activity', level: 1 })).toBeVisible();
    await expect(
      activityList(page, 'Your activity')
        .getByRole('listitem')
        .filter({ hasText: /^Signed in to your account/ })
        .first(),
    ).toBeVisible();
    await expectNoSidewaysScroll(page);
    await expectAccessible(page);
  });
});

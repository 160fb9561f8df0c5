import { expect, type Page } from '@playwright/test';
import { expectAccessible, signIn, test } from './support';

/**
 * The data-protection documents page (docs/interface-conventions.md#layout, docs/activation.md#participant-steps): the tree of the demo's two folders of two PDFs,
 * the first document drawn on arrival, another one on choice, its download; the load failure's
 * message; in French and English, for a participant and a correspondant.
 */

const TITLE = 'Politique de protection des données';

async function openFromMenu(page: Page, menuName = 'Menu principal', link = TITLE) {
  await page.getByRole('navigation', { name: menuName }).getByRole('link', { name: link }).click();
  await expect(page).toHaveURL(/\/politiqueProtectionDonnees$/);
}

/** The viewer has drawn page 1 of the document called `name`. */
async function expectDrawn(page: Page, name: string, pageLabel = 'Page 1 sur 1') {
  await expect(page.getByRole('heading', { level: 2, name, exact: true })).toBeVisible();
  const region = page.getByRole('region', { name: new RegExp(`[«“] ?${name} ?[»”]`) });
  await expect(region.locator('canvas[data-rendered="1"]')).toBeVisible();
  await expect(page.getByRole('toolbar').getByText(pageLabel)).toBeVisible();
}

const shot = (page: Page, name: string) =>
  page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });

test.describe('data-protection documents', () => {
  test('a participant reads the first document, chooses another and downloads it', async ({ page }) => {
    await signIn(page, 'participant.dmc');
    await openFromMenu(page);
    await expect(page.getByRole('heading', { level: 1, name: TITLE })).toBeVisible();
    const tree = page.getByRole('tree', { name: 'Documents' });
    await expect(tree.getByRole('treeitem')).toHaveCount(6);
    const first = tree.getByRole('treeitem', { name: TITLE, exact: true });
    await expect(first).toHaveAttribute('aria-checked', 'true');
    await expect(tree.getByRole('treeitem', { name: 'Vos droits' })).toHaveAttribute('aria-expanded', 'true');
    await expectDrawn(page, TITLE);
    await shot(page, 'participant-fr');
    await expectAccessible(page);

    const third = tree.getByRole('treeitem', { name: "Droit d'accès et de rectification" });
    await third.click();
    await expect(third).toHaveAttribute('aria-checked', 'true');
    await expect(first).toHaveAttribute('aria-checked', 'false');
    await expectDrawn(page, "Droit d'accès et de rectification");

    // A folder opens and closes; the document shown stays.
    await tree.getByText('Protection des données personnelles').click();
    await expect(tree.getByRole('treeitem', { name: 'Gestion des cookies' })).toBeHidden();
    await expect(third).toHaveAttribute('aria-checked', 'true');
    await expectDrawn(page, "Droit d'accès et de rectification");

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: "Télécharger « Droit d'accès et de rectification »" }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe("Droit d'accès et de rectification.pdf");
  });

  test('the tree works with the keyboard', async ({ page }) => {
    await signIn(page, 'participant.dmc');
    await openFromMenu(page);
    const tree = page.getByRole('tree', { name: 'Documents' });
    await expectDrawn(page, TITLE);
    await tree.getByRole('treeitem', { name: TITLE, exact: true }).focus();
    await page.keyboard.press('End');
    const last = tree.getByRole('treeitem', { name: "Conditions générales d'utilisation" });
    await expect(last).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(last).toHaveAttribute('aria-checked', 'true');
    await expectDrawn(page, "Conditions générales d'utilisation");
  });

  test('a correspondant reads the documents too', async ({ page }) => {
    await signIn(page, 'corr.etablissement', { correspondant: true });
    await openFromMenu(page);
    await expectDrawn(page, TITLE);
    await page.getByRole('treeitem', { name: 'Gestion des cookies' }).click();
    await expectDrawn(page, 'Gestion des cookies');
    await shot(page, 'correspondant-fr');
    await expectAccessible(page);
  });

  test('a failed load says so, without a toast, and Retry loads the documents', async ({ page }) => {
    await signIn(page, 'corr.etablissement', { correspondant: true });
    await page.route('**/api/get-documents-ciem', (route) => route.fulfill({ status: 500 }));
    await openFromMenu(page);
    const alert = page.getByRole('alert').filter({ hasText: 'Réessayer' });
    await expect(alert).toContainText('Une erreur est survenue lors du téléchargement des documents.');
    await expect(page.getByRole('tree')).toHaveCount(0);
    // The page's message is the only one: the API client's 500 toast is not shown as well.
    await expect(page.getByText('Une erreur serveur est survenue')).toHaveCount(0);
    await shot(page, 'error-fr');
    await expectAccessible(page);

    await page.unroute('**/api/get-documents-ciem');
    await alert.getByRole('button', { name: 'Réessayer' }).click();
    await expectDrawn(page, TITLE);
    await expect(alert).toHaveCount(0);
  });

  test('in English, the labels are the English ones and the page is accessible', async ({ page }) => {
    await signIn(page, 'participant.dmc');
    await page.getByRole('banner').getByRole('button', { name: /\w/ }).last().click();
    await page.getByRole('menuitemradio', { name: 'English' }).click();
    await openFromMenu(page, 'Main menu', 'Data protection policy');
    await expect(page.getByRole('heading', { level: 1, name: 'Data protection policy' })).toBeVisible();
    const tree = page.getByRole('tree', { name: 'Documents' });
    await expect(tree.getByRole('treeitem', { name: 'Your rights' })).toBeVisible();
    await expectDrawn(page, 'Data protection policy', 'Page 1 of 1');
    await tree.getByRole('treeitem', { name: 'Terms of use' }).click();
    await expectDrawn(page, 'Terms of use', 'Page 1 of 1');
    await expect(page.getByRole('button', { name: 'Download “Terms of use”' })).toBeVisible();
    await shot(page, 'participant-en');
    await expectAccessible(page);

    await page.route('**/api/get-documents-ciem', (route) => route.fulfill({ status: 500 }));
    await page.reload();
    await expect(page.getByRole('alert').filter({ hasText: 'Try again' })).toContainText(
      'An error occurred while downloading the documents.',
    );
    await shot(page, 'error-en');
  });
});

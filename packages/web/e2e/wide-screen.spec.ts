import { expect, type Locator, type Page } from '@playwright/test';
import { expectAccessible, signIn, test } from './support';

/**
 * Issue 18, a correspondant at 1366 pixels: the key columns of the transfer list, the check-up list and
 * the check-up history fit beside the open side menu; the menu collapses and the grids' density changes, both
 * remembered; focus moves to the new screen's heading; a participant's page is named after them.
 */

const WIDE = { width: 1366, height: 768 };
const PHONE = { width: 375, height: 812 };
const SHOTS = '/tmp/shots-wide';

const grid = (page: Page) => page.getByRole('grid').first();

/** Each named column's header lies whole inside the grid's visible width, without scrolling. */
async function expectColumnsVisible(page: Page, fields: readonly string[]) {
  const scroller = page.locator('.MuiDataGrid-main').first();
  const box = await scroller.boundingBox();
  if (!box) throw new Error('no grid');
  for (const field of fields) {
    const header = page.locator(`.MuiDataGrid-columnHeader[data-field="${field}"]`);
    await expect(header, field).toBeVisible();
    const cell = await header.boundingBox();
    expect(cell, field).not.toBeNull();
    expect((cell?.x ?? 0) + (cell?.width ?? 0), `${field} ends inside the grid`).toBeLessThanOrEqual(
      box.x + box.width + 1,
    );
  }
  expect(
    await grid(page).evaluate((element) => element.querySelector('.MuiDataGrid-virtualScroller')?.scrollLeft),
  ).toBe(0);
}

async function rowHeight(page: Page): Promise<number> {
  const row = grid(page).locator('.MuiDataGrid-row').first();
  await expect(row).toBeVisible();
  return (await row.boundingBox())?.height ?? 0;
}

async function shoot(page: Page, name: string, fullPage = true) {
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage });
}

async function toEnglish(page: Page) {
  await page.getByRole('banner').getByRole('button', { name: /\w/ }).last().click();
  await page.getByRole('menuitemradio', { name: 'English' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', /en/);
}

async function expectFocused(locator: Locator) {
  await expect(locator).toBeFocused();
}

test.describe('a correspondant at 1366 pixels', () => {
  test.use({ viewport: WIDE });

  test('the transfer list and the history fit beside the open menu; transfers show their direction', async ({
    page,
  }) => {
    // Two screens in two languages, each checked by axe and photographed.
    test.slow();
    await signIn(page, 'corr.groupe', { correspondant: true });
    await expect(page.getByRole('navigation', { name: 'Menu principal' })).toBeVisible();
    await page.goto('/mutation?encours=false');
    await expect(page.getByRole('heading', { name: 'Mutations', level: 1 })).toBeVisible();
    await expect(grid(page).locator('.MuiDataGrid-row').first()).toBeVisible();
    await expectColumnsVisible(page, [
      'date',
      'sens',
      'participant',
      'etablissementSource',
      'etablissementDestination',
      'motifMouvement',
      'bilanEnCours',
      'allowedToCancel',
      'auteurMouvement',
    ]);
    // An establishment's name takes two lines rather than "Lopez et Jean – …", and shows whole on hover.
    const source = grid(page)
      .locator('.MuiDataGrid-row')
      .first()
      .locator('[data-field="etablissementSource"]');
    const sourceName = (await source.textContent()) ?? '';
    expect(sourceName).toMatch(/ – \S/);
    await expect(source.getByTitle(sourceName)).toBeVisible();
    // A group sees transfers between two of its own establishments as internal: an arrow and a word.
    const internal = grid(page)
      .getByRole('gridcell')
      .filter({ hasText: /^Interne$/ });
    await expect(internal.first()).toBeVisible();
    await expect(internal.first().locator('svg[aria-hidden="true"]')).toHaveCount(1);
    // The participant's name is a link to their page; the rest of the row opens the transfer.
    const firstLink = grid(page).getByRole('link').first();
    const name = (await firstLink.textContent()) ?? '';
    expect(name).toMatch(/^[A-Z' -]+ \S/);
    await expectAccessible(page);
    await shoot(page, 'mutations-1366-fr');

    // The check-up list of a group names each row's company and establishment, and still shows its
    // billing date and state.
    await page.goto('/bilansCorrespondant');
    await expect(grid(page).locator('.MuiDataGrid-row').first()).toBeVisible();
    await expectColumnsVisible(page, [
      'id',
      'nom',
      'idEntreprise',
      'idEtablissement',
      'datePremierRdv',
      'dateCloture',
      'dateFacturation',
      'etatBilan',
    ]);
    await expectAccessible(page);
    await shoot(page, 'checkups-1366-fr');

    await page.goto('/historiqueBilansCorrespondant');
    await expect(grid(page).locator('.MuiDataGrid-row').first()).toBeVisible();
    await expectColumnsVisible(page, [
      'id',
      'nom',
      'dateClotureN2',
      'dateClotureN1',
      'dateClotureN',
      'dateProchainBilan',
    ]);
    await expectAccessible(page);
    await shoot(page, 'history-1366-fr');

    await toEnglish(page);
    await expect(page.getByRole('heading', { name: 'Check-up history', level: 1 })).toBeVisible();
    await shoot(page, 'history-1366-en');
    await page.goto('/mutation?encours=false');
    await expect(
      grid(page)
        .getByRole('gridcell')
        .filter({ hasText: /^Internal$/ })
        .first(),
    ).toBeVisible();
    await expectAccessible(page);
    await shoot(page, 'mutations-1366-en');
  });

  test('the side menu collapses from its button or shift+m, and stays as it was left', async ({ page }) => {
    await signIn(page, 'corr.groupe', { correspondant: true });
    const menu = page.getByRole('navigation', { name: 'Menu principal' });
    const toggle = page.getByRole('button', { name: 'Afficher ou masquer le menu' });
    await expect(menu).toBeVisible();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await toggle.click();
    await expect(menu).toBeHidden();
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await page.goto('/mutation?encours=false');
    await expect(grid(page).locator('.MuiDataGrid-row').first()).toBeVisible();
    // Collapsed, every column of the transfer list fits.
    await expectColumnsVisible(page, ['participant', 'motifMouvement', 'allowedToCancel', 'auteurMouvement']);
    await shoot(page, 'mutations-1366-menu-closed-fr');
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Mutations', level: 1 })).toBeVisible();
    await expect(menu).toBeHidden();
    await page.locator('body').press('Shift+M');
    await expect(menu).toBeVisible();
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Mutations', level: 1 })).toBeVisible();
    await expect(menu).toBeVisible();
  });

  test('the grid density is chosen once for every grid and remembered', async ({ page }) => {
    await signIn(page, 'corr.groupe', { correspondant: true });
    await page.goto('/mutation?encours=false');
    const density = page.getByRole('group', { name: 'Densité des lignes' });
    const standard = density.getByRole('button', { name: 'Lignes standard' });
    const compact = density.getByRole('button', { name: 'Lignes compactes' });
    await expect(standard).toHaveAttribute('aria-pressed', 'true');
    const before = await rowHeight(page);
    await compact.click();
    await expect(compact).toHaveAttribute('aria-pressed', 'true');
    await expect.poll(() => rowHeight(page)).toBeLessThan(before);
    await shoot(page, 'mutations-1366-compact-fr');
    // Another grid, after a reload: still compact.
    await page.goto('/historiqueBilansCorrespondant');
    await page.reload();
    await expect(
      page
        .getByRole('group', { name: 'Densité des lignes' })
        .getByRole('button', { name: 'Lignes compactes' }),
    ).toHaveAttribute('aria-pressed', 'true');
    expect(await rowHeight(page)).toBeLessThan(before);
    await page.getByRole('button', { name: 'Lignes standard' }).click();
  });

  test('with the keyboard, focus lands on each new screen’s heading; a participant’s page is named after them', async ({
    page,
  }) => {
    await signIn(page, 'corr.groupe', { correspondant: true });
    const menu = page.getByRole('navigation', { name: 'Menu principal' });
    const transfers = menu.getByRole('link', { name: 'Mutations' });
    await transfers.focus();
    await page.keyboard.press('Enter');
    const heading = page.getByRole('heading', { name: 'Mutations', level: 1 });
    await expectFocused(heading);
    // The heading is no Tab stop of its own: Tab goes on to the screen's first control.
    await page.keyboard.press('Tab');
    await expect(page.getByRole('checkbox', { name: 'En cours' })).toBeFocused();
    // The checkbox wears the same 2-pixel blue ring as every other control (issue 18).
    const ring = await page.getByRole('checkbox', { name: 'En cours' }).evaluate((input) => {
      const style = getComputedStyle(input.closest('.MuiCheckbox-root') ?? input);
      return `${style.outlineStyle} ${style.outlineWidth} ${style.outlineColor}`;
    });
    expect(ring).toBe('solid 2px rgb(21, 101, 192)');
    // Filters change the address, not the screen: focus stays where it is.
    await page.keyboard.press('Space');
    await expect(page).toHaveURL(/encours=false/);
    await expect(page.getByRole('checkbox', { name: 'En cours' })).toBeFocused();

    // From a participant's name in the list, by the keyboard, to their page: arrows to the name,
    // Enter follows its link (Enter on any other cell opens the transfer).
    // A transfer inside the group: the demo's own, which no other spec accepts or cancels meanwhile.
    const rows = grid(page).locator('.MuiDataGrid-row');
    const directions = await rows.locator('[data-field="sens"]').allTextContents();
    const index = directions.indexOf('Interne');
    expect(index).toBeGreaterThanOrEqual(0);
    const first = rows.nth(index);
    const name = (await first.locator('[data-field="participant"]').textContent()) ?? '';
    // Tab past the density buttons into the grid (its column headers), then down and right.
    for (let press = 0; press < 8; press++) {
      await page.keyboard.press('Tab');
      const role = await page.evaluate(() => document.activeElement?.getAttribute('role'));
      if (role === 'columnheader') break;
    }
    await expect(grid(page).locator('[role="columnheader"][data-field="date"]')).toBeFocused();
    for (let row = 0; row <= index; row++) await page.keyboard.press('ArrowDown');
    await expect(first.locator('[data-field="date"]')).toBeFocused();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    // The grid puts focus on the link the cell holds.
    await expect(first.locator('[data-field="participant"]').getByRole('link')).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/adherents\/\d+$/);
    const title = page.getByRole('heading', { name, level: 1 });
    await expectFocused(title);
    await expect(page).toHaveTitle(name);
    await expect(page.getByRole('navigation', { name: "Fil d'Ariane" })).toContainText(name);
    await shoot(page, 'participant-1366-fr');

    // Back: the list's heading takes focus again.
    await page.goBack();
    await expectFocused(page.getByRole('heading', { name: 'Mutations', level: 1 }));
  });
});

test.describe('the transfer request', () => {
  test('asks a reason and details, accessible at 1366 and 375 pixels, in French and English', async ({
    page,
  }) => {
    test.slow();
    await page.setViewportSize(WIDE);
    await signIn(page, 'corr.etablissement', { correspondant: true });
    await page.goto('/adherentsCorrespondant');
    // An active participant without a transfer pending (the list shows active ones by default).
    await grid(page)
      .locator('.MuiDataGrid-row')
      .filter({ hasNot: page.getByRole('img', { name: 'Mutation en cours' }) })
      .first()
      .locator('[data-field="id"]')
      .click();
    await expect(page).toHaveURL(/\/adherents\/\d+$/);
    const open = async (label: string, title: string) => {
      await page.getByRole('button', { name: label }).click();
      const dialog = page.getByRole('dialog', { name: title });
      await expect(dialog).toBeVisible();
      return dialog;
    };
    let dialog = await open('Muter', 'Muter le participant');
    await expect(dialog.getByRole('combobox', { name: 'Motif de la mutation' })).toBeVisible();
    await expectAccessible(page);
    await shoot(page, 'transfer-dialog-1366-fr', false);
    await dialog.getByRole('button', { name: 'Annuler' }).click();

    await toEnglish(page);
    await page.setViewportSize(PHONE);
    dialog = await open('Transfer', 'Transfer the participant');
    await dialog.getByRole('textbox', { name: 'Details (optional)' }).fill('Closer to home');
    await expect(dialog.getByRole('button', { name: 'Request the transfer' })).toBeDisabled();
    await expectAccessible(page);
    await shoot(page, 'transfer-dialog-375-en', false);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
  });
});

test.describe('the same screens on a phone', () => {
  test.use({ viewport: PHONE });

  test('the transfer list and the history are accessible at 375 pixels, in French and English', async ({
    page,
  }) => {
    test.slow();
    // Signed in wide (the sign-in helper waits for the menu), then narrowed to a phone.
    await page.setViewportSize(WIDE);
    await signIn(page, 'corr.groupe', { correspondant: true });
    await page.setViewportSize(PHONE);
    await page.goto('/mutation?encours=false');
    await expect(grid(page).locator('.MuiDataGrid-row').first()).toBeVisible();
    // On a phone the menu opens over the page and is closed at first, whatever the wide screen chose.
    await expect(page.getByRole('navigation', { name: 'Menu principal' })).toBeHidden();
    await expectAccessible(page);
    await shoot(page, 'mutations-375-fr');
    await page.goto('/historiqueBilansCorrespondant');
    await expect(grid(page).locator('.MuiDataGrid-row').first()).toBeVisible();
    await expectAccessible(page);
    await shoot(page, 'history-375-fr');
    await toEnglish(page);
    await page.goto('/mutation?encours=false');
    await expect(grid(page).locator('.MuiDataGrid-row').first()).toBeVisible();
    await expectAccessible(page);
    await shoot(page, 'mutations-375-en');
    await grid(page).locator('.MuiDataGrid-row').first().locator('[data-field="date"]').click();
    await expect(page.getByRole('heading', { name: 'Transfer details', level: 1 })).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Direction' })).toHaveValue(/Incoming|Outgoing|Internal/);
    await expectAccessible(page);
    await shoot(page, 'mutation-375-en');
  });
});

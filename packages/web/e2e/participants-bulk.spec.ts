import { expect, type Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { apiToken, createParticipant, listParticipants, uniqueName } from './participants-api';
import { expectAccessible, signIn, test } from './support';

/**
 * Acting on many (issue 22, docs/participants.md#bulk-actions): an establishment correspondant ticks
 * participants of the list, or every one matching the search, and exports or terminates them. Each
 * test makes its own participants, under a last name no other test uses, and searches that name.
 */
const PHONE = { width: 375, height: 812 };

const grid = (page: Page, name = 'Participants') => page.getByRole('grid', { name });

/** Three new active participants of the establishment, all named `name`. */
async function threeParticipants(page: Page, name: string) {
  const token = await apiToken(page.request, 'corr.etablissement');
  for (const prenom of ['Alice', 'Bruno', 'Chloé'])
    await createParticipant(page.request, token, { nom: name, prenom });
  const { items } = await listParticipants(page.request, token, { nom: name });
  expect(items).toHaveLength(3);
  return { token, items };
}

async function openListSearching(page: Page, name: string, labels = FR) {
  await page.getByRole('navigation', { name: labels.menu }).getByRole('link', { name: labels.list }).click();
  await page.getByRole('textbox', { name: labels.lastName, exact: true }).fill(name);
  await expect(page).toHaveURL(new RegExp(`nom=${name}`, 'i'));
  await expect(
    grid(page, labels.table)
      .getByRole('row')
      .filter({ has: page.getByRole('gridcell') }),
  ).toHaveCount(3);
}

const FR = {
  menu: 'Menu principal',
  list: 'Liste des participants',
  lastName: 'Nom',
  table: 'Participants',
};
const EN = {
  menu: 'Main menu',
  list: 'Participant list',
  lastName: 'Last name',
  table: 'Participants',
};

test.describe('acting on many participants', () => {
  test('in French: two ticked participants terminated with one reason, then every participant of the search, with the refusals told, and the export downloaded', async ({
    page,
  }) => {
    const name = uniqueName('Lot');
    const { token } = await threeParticipants(page, name);
    const upper = name.toUpperCase();
    await signIn(page, 'corr.etablissement', { correspondant: true });
    await openListSearching(page, name);

    await page.getByRole('checkbox', { name: `Sélectionner ${upper} Alice` }).check();
    // With the keyboard: Space ticks the focused row's box, once.
    await page.getByRole('checkbox', { name: `Sélectionner ${upper} Bruno` }).focus();
    await page.keyboard.press('Space');
    await expect(page.getByRole('checkbox', { name: `Sélectionner ${upper} Bruno` })).toBeChecked();
    const bar = page.getByRole('region', { name: 'Sélection' });
    await expect(bar).toContainText('2 participants sélectionnés.');
    await expectAccessible(page);

    await bar.getByRole('button', { name: 'Résilier la sélection' }).click();
    const dialog = page.getByRole('dialog', { name: 'Résilier la sélection' });
    await expect(dialog).toContainText("L'adhésion des 2 participants sélectionnés prendra fin aujourd'hui");
    await dialog.getByRole('combobox', { name: /^Motif de résiliation/ }).click();
    await page.getByRole('option', { name: 'Départ à la retraite' }).click();
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Résilier 2 participants' }).click();
    await expect(dialog.getByRole('status')).toHaveText('2 participants résiliés.');
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'OK' }).click();
    await expect(bar).toBeHidden();
    // Active only: Chloé is left.
    await expect(
      grid(page)
        .getByRole('row')
        .filter({ has: page.getByRole('gridcell') }),
    ).toHaveCount(1);
    const { items } = await listParticipants(page.request, token, { nom: name, actif: false });
    expect(
      items
        .filter((row) => !row.actif)
        .map((row) => row.prenom)
        .sort(),
    ).toEqual(['Alice', 'Bruno']);

    // Everyone of the search, terminated included: a new filter starts a new selection.
    await page.getByRole('checkbox', { name: `Sélectionner ${upper} Chloé` }).check();
    await expect(bar).toContainText('1 participant sélectionné.');
    await page.getByRole('checkbox', { name: 'Actifs uniquement' }).uncheck();
    await expect(bar).toBeHidden();
    await page.getByRole('checkbox', { name: `Sélectionner ${upper} Alice` }).check();
    await bar
      .getByRole('button', { name: 'Sélectionner les 3 participants correspondant à la recherche' })
      .click();
    await expect(bar).toContainText('Les 3 participants correspondant à la recherche sont sélectionnés.');

    // The export of the whole search, in the order the screen shows (newest participant first).
    const idHeader = page.getByRole('columnheader', { name: /^N°/ });
    await idHeader.click();
    await idHeader.click();
    await expect(idHeader).toHaveAttribute('aria-sort', 'descending');
    await expect(bar).toContainText('Les 3 participants correspondant à la recherche sont sélectionnés.');
    const downloading = page.waitForEvent('download');
    await bar.getByRole('button', { name: 'Exporter la sélection' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^Participants \d{4}-\d{2}-\d{2}\.xlsx$/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(await download.path());
    const sheet = workbook.worksheets[0];
    expect(sheet?.getRow(1).getCell(1).value).toBe('N° participant');
    const exported: string[] = [];
    sheet?.eachRow((row, number) => {
      if (number > 1) exported.push(`${row.getCell(4).value} ${row.getCell(5).value}`);
    });
    expect(exported).toEqual(['Chloé Actif', 'Bruno Résilié', 'Alice Résilié']);

    await bar.getByRole('button', { name: 'Résilier la sélection' }).click();
    await expect(dialog).toContainText("L'adhésion des 3 participants sélectionnés");
    await dialog.getByRole('combobox', { name: /^Motif de résiliation/ }).click();
    await page.getByRole('option', { name: 'Fin de contrat' }).click();
    await dialog.getByRole('button', { name: 'Résilier 3 participants' }).click();
    await expect(dialog.getByRole('status')).toHaveText('1 participant résilié.');
    await expect(dialog.getByRole('heading', { name: '2 participants non résiliés :' })).toBeVisible();
    const refused = dialog.getByRole('list', { name: 'Participants non résiliés' }).getByRole('listitem');
    await expect(refused).toHaveCount(2);
    for (const [index, prenom] of ['Alice', 'Bruno'].entries()) {
      await expect(refused.nth(index)).toContainText(`${upper} ${prenom}`);
      await expect(refused.nth(index)).toContainText(
        "Ce participant est résilié : l'opération n'est pas possible.",
      );
    }
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'OK' }).click();
    await expect(bar).toBeHidden();
  });

  test('in English, on a phone: ticked participants terminated, the summary in English', async ({ page }) => {
    const name = uniqueName('Lot');
    await threeParticipants(page, name);
    const upper = name.toUpperCase();
    await signIn(page, 'corr.etablissement', { correspondant: true });
    await page.getByRole('banner').getByRole('button', { name: /\w/ }).last().click();
    await page.getByRole('menuitemradio', { name: 'English' }).click();
    await expect(page.getByRole('navigation', { name: EN.menu })).toBeVisible();
    // Afresh at phone size, as a phone would open the list (the menu is a drawer there).
    await page.setViewportSize(PHONE);
    await page.goto(`/adherentsCorrespondant?nom=${name}`);
    await expect(page.getByRole('heading', { level: 1, name: EN.list })).toBeVisible();
    await expect(
      grid(page, EN.table)
        .getByRole('row')
        .filter({ has: page.getByRole('gridcell') }),
    ).toHaveCount(3);

    await page.getByRole('checkbox', { name: `Select ${upper} Alice` }).check();
    await page.getByRole('checkbox', { name: `Select ${upper} Chloé` }).check();
    const bar = page.getByRole('region', { name: 'Selection' });
    await expect(bar).toContainText('2 participants selected.');
    // The bar's actions fit the phone's width (they wrap under the count).
    const width = await page.evaluate(() => document.scrollingElement?.scrollWidth ?? 0);
    expect(width, 'page width').toBeLessThanOrEqual(PHONE.width + 1);
    await page.screenshot({ path: test.info().outputPath('bulk-selection-375.png'), fullPage: true });
    await expectAccessible(page);
    await bar.getByRole('button', { name: 'Terminate the selection' }).click();
    const dialog = page.getByRole('dialog', { name: 'Terminate the selection' });
    await dialog.getByRole('combobox', { name: /^Termination reason/ }).click();
    await page.getByRole('option', { name: 'Retirement' }).click();
    await dialog.getByRole('button', { name: 'Terminate 2 participants' }).click();
    await expect(dialog.getByRole('status')).toHaveText('2 participants terminated.');
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'OK' }).click();
    await expect(
      grid(page, EN.table)
        .getByRole('row')
        .filter({ has: page.getByRole('gridcell') }),
    ).toHaveCount(1);
  });
});

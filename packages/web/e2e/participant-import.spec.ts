import { expect, type Page } from '@playwright/test';
import { csvOf } from './import-files';
import { apiToken, createParticipant, getJson, listParticipants, uniqueName } from './participants-api';
import { expectAccessible, signIn, test } from './support';

/** Importing participants from a spreadsheet (issue 22): the screens against the real server. */

async function openImport(page: Page) {
  await page
    .getByRole('navigation', { name: 'Menu principal' })
    .getByRole('link', { name: 'Liste des participants' })
    .click();
  await page.getByRole('link', { name: 'Importer depuis un tableur' }).click();
  await expect(page).toHaveURL(/\/adherentsCorrespondant\/import$/);
  await expect(page.getByRole('heading', { name: 'Import de participants', level: 1 })).toBeVisible();
}

/** Whether the page itself scrolls sideways (it must not: a wide table scrolls inside its own box). */
const pageOverflows = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth + 1);

test.describe('participant import', () => {
  test('a correspondant checks a file, sees each problem on its cell, and imports the valid rows by keyboard', async ({
    page,
  }) => {
    const token = await apiToken(page.request, 'corr.etablissement');
    // An employee already enrolled, whom the file updates (a new occupation).
    const existing = { nom: uniqueName('Import').toUpperCase(), prenom: 'Alice' };
    await createParticipant(page.request, token, existing);
    const first = { nom: uniqueName('Import').toUpperCase(), prenom: 'Bruno' };
    const second = { nom: uniqueName('Import').toUpperCase(), prenom: 'Chloé' };
    const file = csvOf([
      first,
      second,
      { nom: '', prenom: 'Denis', mail: 'pas-un-mail' },
      { ...existing, profession: 'Architecte', mail: `alice.${existing.nom.toLowerCase()}@example.com` },
    ]);

    await signIn(page, 'corr.etablissement', { correspondant: true });
    await openImport(page);
    // The file chooser the file button opens is answered with the file. Listened to from here, well
    // before the button is pressed: Playwright starts intercepting choosers only once asked to, and a
    // chooser opened in between was seen to be missed.
    page.on('filechooser', (chooser) =>
      chooser.setFiles({ name: 'salaries.csv', mimeType: 'text/csv', buffer: file }),
    );
    await expectAccessible(page);

    // The template, in the interface's language first.
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Modèle en français (.xlsx)' }).click();
    expect((await downloading).suggestedFilename()).toMatch(/\.xlsx$/);

    // Keyboard: from the templates, Tab reaches the file button; Enter opens the file chooser.
    await page.getByRole('button', { name: 'Modèle en anglais (.xlsx)' }).focus();
    await page.keyboard.press('Tab');
    const choose = page.getByRole('button', { name: 'Choisir un fichier' });
    await expect(choose).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByText(/^Fichier choisi : salaries\.csv \(/)).toBeVisible();
    await page.keyboard.press('Tab');
    await expect(page.getByRole('button', { name: 'Vérifier le fichier' })).toBeFocused();
    await page.keyboard.press('Enter');

    // The check: the rows in error first, each problem written on its cell.
    await expect(page.getByRole('heading', { name: '2. Vérifier les lignes' })).toBeFocused();
    await expect(page.getByText(/salaries\.csv : 4 lignes lues/)).toBeVisible();
    await expect(page.getByRole('button', { name: 'En erreur (1)' })).toHaveAttribute('aria-pressed', 'true');
    const table = page.getByRole('table', { name: 'Lignes du fichier' });
    const denis = table.locator('tr[data-line="4"]');
    await expect(denis.locator('[data-column="nom"]')).toContainText('Élément obligatoire');
    await expect(denis.locator('[data-column="mail"]')).toHaveAttribute('data-invalid', 'true');
    expect(await pageOverflows(page)).toBe(false);
    await expectAccessible(page);

    await page.getByRole('button', { name: 'Toutes (4)' }).click();
    await expect(table.locator('tbody tr')).toHaveCount(4);
    const alice = table.locator('tr[data-line="5"]');
    await expect(alice).toContainText('À mettre à jour');
    await expect(alice.locator('[data-column="profession"]')).toContainText(
      'ArchitecteModifié. Avant : Comptable',
    );
    await expect(page.getByRole('button', { name: 'Importer 2 lignes' })).toBeEnabled();

    // The updates too, then the import, by keyboard.
    const updates = page.getByRole('checkbox', {
      name: 'Appliquer aussi la mise à jour de 1 participant existant',
    });
    await updates.focus();
    await page.keyboard.press('Space');
    await expect(updates).toBeChecked();
    await page.keyboard.press('Tab');
    await expect(page.getByRole('button', { name: 'Importer 3 lignes' })).toBeFocused();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Importer les participants ?' });
    await expect(dialog).toContainText('2 participants seront créés');
    await expect(dialog).toContainText('1 participant existant sera mis à jour');
    await dialog.getByRole('button', { name: 'Importer' }).click();

    // Progress, then the report (a few rows: the progress may be over before it is seen).
    await expect(page).toHaveURL(/[?&]import=[0-9a-f-]{36}/);
    await expect(page.getByRole('heading', { name: "4. Compte rendu de l'import" })).toBeVisible({
      timeout: 30_000,
    });
    const figure = (label: string) => page.locator('dl > div').filter({ hasText: label });
    await expect(figure('Participants créés')).toContainText('2');
    await expect(figure('Participants mis à jour')).toContainText('1');
    await expect(figure('Lignes refusées')).toContainText('0');
    await expectAccessible(page);

    const report = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Télécharger le compte rendu (.xlsx)' }).click();
    expect((await report).suggestedFilename()).toMatch(/\.xlsx$/);

    // The participants are there, and the list shows them.
    expect((await listParticipants(page.request, token, { nom: first.nom })).totalRows).toBe(1);
    expect((await listParticipants(page.request, token, { nom: second.nom })).totalRows).toBe(1);
    await page.getByRole('link', { name: 'Retour à la liste des participants' }).click();
    await expect(page.getByRole('heading', { name: 'Liste des participants', level: 1 })).toBeVisible();
  });

  test('a company correspondant is told on its cell that an import does not move an employee to another establishment', async ({
    page,
  }) => {
    // An employee of corr.etablissement's establishment, whom the file "moves" to another of the company.
    const person = { nom: uniqueName('Import').toUpperCase(), prenom: 'Gaelle' };
    const id = await createParticipant(
      page.request,
      await apiToken(page.request, 'corr.etablissement'),
      person,
    );
    const token = await apiToken(page.request, 'corr.entreprise');
    const home = await getJson<{ id: number; raisonsociale: string }>(
      page.request,
      token,
      `/etablissement-participant/${id}`,
    );
    const scope = await getJson<{ id: number }[]>(page.request, token, '/etablissements-correspondant');
    const elsewhere = scope.find((establishment) => establishment.id !== home.id);
    if (!elsewhere) throw new Error('corr.entreprise reaches a single establishment');
    const file = csvOf([{ ...person, profession: 'Architecte', etablissement: String(elsewhere.id) }]);

    await signIn(page, 'corr.entreprise', { correspondant: true });
    await page.goto('/adherentsCorrespondant/import');
    await page
      .getByTestId('import-file-input')
      .setInputFiles({ name: 'salaries.csv', mimeType: 'text/csv', buffer: file });
    await page.getByRole('button', { name: 'Vérifier le fichier' }).click();
    await expect(page.getByRole('heading', { name: '2. Vérifier les lignes' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Avec avertissement (1)' })).toBeVisible();
    const row = page.getByRole('table', { name: 'Lignes du fichier' }).locator('tr[data-line="2"]');
    // Still an update of the occupation; the establishment cell says why it does not change.
    await expect(row).toContainText('À mettre à jour');
    await expect(row.locator('[data-column="profession"]')).toContainText(
      'ArchitecteModifié. Avant : Comptable',
    );
    const cell = row.locator('[data-column="idEtablissement"]');
    await expect(cell).toHaveAttribute('data-notice', 'true');
    await expect(cell).not.toHaveAttribute('data-invalid', 'true');
    await expect(cell).toContainText(`reste rattaché à ${home.raisonsociale} (n° ${home.id})`);
    await expect(page.getByRole('button', { name: 'Importer 0 ligne' })).toBeDisabled();
    await expectAccessible(page);
  });

  test('on a phone: a refused file is said, the table scrolls in its own box and the buttons stack', async ({
    page,
  }) => {
    await signIn(page, 'corr.etablissement', { correspondant: true });
    // The phone's size once signed in (the sign-in waits for the side menu, which a phone folds away).
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/adherentsCorrespondant/import');
    await expect(page.getByRole('heading', { name: 'Import de participants', level: 1 })).toBeVisible();
    expect(await pageOverflows(page)).toBe(false);
    await expectAccessible(page);

    const input = page.getByTestId('import-file-input');
    // Over 10 MB: said at once, nothing sent.
    const checks: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().endsWith('/api/adherentsCorrespondant/import'))
        checks.push(request.url());
    });
    await input.setInputFiles({
      name: 'enorme.csv',
      mimeType: 'text/csv',
      buffer: Buffer.alloc(10 * 1024 * 1024 + 1, 0x41),
    });
    await expect(page.getByRole('alert')).toContainText('Le fichier dépasse 10 Mo');
    expect(checks).toEqual([]);

    // A file without the required columns is refused as a whole, with the server's reason.
    await input.setInputFiles({
      name: 'incomplet.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from('Nom;Prénom\r\nDUPONT;Jean\r\n'),
    });
    await page.getByRole('button', { name: 'Vérifier le fichier' }).click();
    await expect(page.getByRole('alert')).toContainText('Colonnes obligatoires absentes');
    await expect(page.getByRole('heading', { name: '1. Choisir le fichier' })).toBeVisible();
    expect(await pageOverflows(page)).toBe(false);
    await expectAccessible(page);

    // A file with an error: the check, on a phone.
    const file = csvOf([{ nom: uniqueName('Tel').toUpperCase(), prenom: 'Emma', mail: 'faux' }]);
    await input.setInputFiles({ name: 'salaries.csv', mimeType: 'text/csv', buffer: file });
    await page.getByRole('button', { name: 'Vérifier le fichier' }).click();
    await expect(page.getByRole('heading', { name: '2. Vérifier les lignes' })).toBeVisible();
    const region = page.getByRole('region', { name: 'Lignes du fichier' });
    expect(await region.evaluate((box) => box.scrollWidth > box.clientWidth)).toBe(true);
    expect(await pageOverflows(page)).toBe(false);
    const upload = await page.getByRole('button', { name: 'Déposer un fichier corrigé' }).boundingBox();
    const importButton = await page.getByRole('button', { name: /^Importer \d+ lignes?$/ }).boundingBox();
    expect(importButton && upload && importButton.y > upload.y + upload.height - 1).toBe(true);
    await expect(page.getByRole('button', { name: /^Importer 0 ligne$/ })).toBeDisabled();
    await expectAccessible(page);

    await page.getByRole('button', { name: 'Déposer un fichier corrigé' }).click();
    await expect(page.getByRole('heading', { name: '1. Choisir le fichier' })).toBeFocused();
  });
});

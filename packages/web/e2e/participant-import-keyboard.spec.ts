import { expect, type Locator, type Page } from '@playwright/test';
import { csvOf } from './import-files';
import { apiToken, createParticipant, listParticipants, uniqueName } from './participants-api';
import { expectAccessible, PASSWORD, signIn, tabTo, test } from './support';

/**
 * The import and the bulk actions with the keyboard alone (issue 22): every control reached by Tab,
 * Shift+Tab and the arrows and worked by Enter, Space and Escape, the focus never dropped to the
 * page's start after an action, the errors of the check read cell by cell, the run's progress and
 * outcome told by a status region. The file chooser the "choose a file" button opens is answered by
 * Playwright, as the system's dialog would be.
 */

/** The focused element (document.activeElement). */
const focused = (page: Page) => page.locator('*:focus');

/** A region's box and a cell's: the cell is shown whole, right of the line numbers that stay in view. */
async function expectShownWhole(cell: Locator, region: Locator) {
  const [box, frame] = await Promise.all([cell.boundingBox(), region.boundingBox()]);
  const lineNumbers = await region.locator('thead th').first().boundingBox();
  expect(box && frame && lineNumbers).toBeTruthy();
  if (!box || !frame || !lineNumbers) return;
  expect(box.x).toBeGreaterThanOrEqual(lineNumbers.x + lineNumbers.width - 1);
  expect(box.x + box.width).toBeLessThanOrEqual(frame.x + frame.width + 1);
}

/** The focus is inside `dialog` (its trap holds it there). */
const expectFocusIn = async (dialog: Locator) =>
  expect.poll(() => dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true);

/**
 * The import's status reading answers "running, half done" the first few times: the progress a real
 * file of thousands of rows would show, before the few rows of the test are reported done.
 */
async function holdHalfWay(page: Page, times: number) {
  let held = 0;
  await page.route(/\/api\/adherentsCorrespondant\/import\/[0-9a-f-]{36}$/, async (route) => {
    if (route.request().method() !== 'GET' || held >= times) return route.fallback();
    held++;
    const response = await route.fetch();
    const status = (await response.json()) as Record<string, unknown>;
    await route.fulfill({
      response,
      json: { ...status, state: 'running', done: 2, total: 4, finishedAt: null },
    });
  });
}

test.describe('the participant import and the bulk actions by keyboard', () => {
  test('in French: from the list to the import, the errors read cell by cell, the report; then rows ticked with Space, all matching selected, exported, cleared, and terminated through the dialog', async ({
    page,
  }) => {
    test.setTimeout(150_000);
    const token = await apiToken(page.request, 'corr.etablissement');
    const team = uniqueName('Clavier');
    for (const prenom of ['Alice', 'Bruno', 'Chloé'])
      await createParticipant(page.request, token, { nom: team, prenom });
    const upper = team.toUpperCase();
    const fresh = { nom: uniqueName('Clavier').toUpperCase(), prenom: 'Damien' };
    const file = csvOf([fresh, { nom: '', prenom: 'Denis', mail: 'pas-un-mail' }]);
    page.on('filechooser', (chooser) =>
      chooser.setFiles({ name: 'salaries.csv', mimeType: 'text/csv', buffer: file }),
    );
    await signIn(page, 'corr.etablissement', { correspondant: true });

    // From the menu to the list, from the list to the import.
    await tabTo(
      page,
      page
        .getByRole('navigation', { name: 'Menu principal' })
        .getByRole('link', { name: 'Liste des participants' }),
    );
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 1, name: 'Liste des participants' })).toBeFocused();
    await tabTo(page, page.getByRole('link', { name: 'Importer depuis un tableur' }));
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 1, name: 'Import de participants' })).toBeFocused();

    // The template: the button keeps the focus while it downloads, and says when it is done.
    const template = page.getByRole('button', { name: 'Modèle en français (.xlsx)' });
    await tabTo(page, template);
    const downloading = page.waitForEvent('download');
    await page.keyboard.press('Enter');
    expect((await downloading).suggestedFilename()).toMatch(/\.xlsx$/);
    await expect(page.getByRole('status').filter({ hasText: 'Le modèle a été téléchargé.' })).toHaveCount(1);
    await expect(template).toBeFocused();

    // The file, by the button that opens the file chooser, then its check.
    await tabTo(page, page.getByRole('button', { name: 'Choisir un fichier' }));
    await page.keyboard.press('Enter');
    await expect(page.getByText(/^Fichier choisi : salaries\.csv \(/)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Choisir un autre fichier' })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(page.getByRole('button', { name: 'Vérifier le fichier' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 2, name: '2. Vérifier les lignes' })).toBeFocused();

    // The rows in error first; from the table's box, Tab goes from one cell in error to the next, each
    // shown whole and named by its value and its message.
    await expect(page.getByRole('button', { name: 'En erreur (1)' })).toHaveAttribute('aria-pressed', 'true');
    const region = page.getByRole('region', { name: 'Lignes du fichier' });
    await tabTo(page, region);
    const denis = region.locator('tr[data-line="3"]');
    await page.keyboard.press('Tab');
    const lastName = denis.locator('[data-column="nom"]');
    await expect(lastName).toBeFocused();
    await expect(lastName).toHaveAccessibleName('(vide) Erreur : Élément obligatoire');
    await expectShownWhole(lastName, region);
    await expectAccessible(page);
    await page.keyboard.press('Tab');
    const mail = denis.locator('[data-column="mail"]');
    await expect(mail).toBeFocused();
    await expect(mail).toHaveAccessibleName(/^pas-un-mail Erreur : /);
    await expectShownWhole(mail, region);
    await page.keyboard.press('Tab');
    await expect(page.getByRole('button', { name: 'Déposer un fichier corrigé' })).toBeFocused();
    await page.keyboard.press('Tab');
    const importButton = page.getByRole('button', { name: 'Importer 1 ligne' });
    await expect(importButton).toBeFocused();

    // The confirmation: Escape gives the focus back to the button, which opens it again.
    await page.keyboard.press('Enter');
    const confirm = page.getByRole('dialog', { name: 'Importer les participants ?' });
    await expect(confirm).toContainText('1 participant sera créé');
    await expectFocusIn(confirm);
    await page.keyboard.press('Escape');
    await expect(confirm).toBeHidden();
    await expect(importButton).toBeFocused();
    await page.keyboard.press('Enter');
    await expectFocusIn(confirm);
    await tabTo(page, confirm.getByRole('button', { name: 'Importer', exact: true }));
    await holdHalfWay(page, 3);
    await page.keyboard.press('Enter');

    // The progress, told by the status region, then the outcome with its figures.
    await expect(page.getByRole('heading', { level: 2, name: '3. Import en cours' })).toBeFocused();
    await expect(page.getByRole('status').filter({ hasText: /^Import en cours : 50\s%/ })).toHaveCount(1);
    await expect(page.getByRole('heading', { level: 2, name: "4. Compte rendu de l'import" })).toBeFocused({
      timeout: 30_000,
    });
    await expect(
      page.getByRole('status').filter({ hasText: "L'import de salaries.csv est terminé." }),
    ).toHaveText(
      "L'import de salaries.csv est terminé. Participants créés : 1, Participants mis à jour : 0, Inchangés : 0, Lignes refusées : 0.",
    );
    await expectAccessible(page);
    const report = page.getByRole('button', { name: 'Télécharger le compte rendu (.xlsx)' });
    await tabTo(page, report);
    const reportFile = page.waitForEvent('download');
    await page.keyboard.press('Enter');
    expect((await reportFile).suggestedFilename()).toMatch(/\.xlsx$/);
    await expect(report).toBeFocused();
    expect((await listParticipants(page.request, token, { nom: fresh.nom })).totalRows).toBe(1);
    await page.keyboard.press('Tab');
    await expect(page.getByRole('link', { name: 'Retour à la liste des participants' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 1, name: 'Liste des participants' })).toBeFocused();

    // The list, searched by typing; rows ticked with the arrows and Space.
    await tabTo(page, page.getByRole('textbox', { name: 'Nom', exact: true }));
    await page.keyboard.type(team);
    await expect(page).toHaveURL(new RegExp(`nom=${team}`, 'i'));
    const rowBoxes = page.getByRole('checkbox', { name: new RegExp(`^Sélectionner ${upper} `) });
    await expect(rowBoxes).toHaveCount(3);
    const pageBox = page.getByRole('checkbox', { name: 'Sélectionner les participants de cette page' });
    await tabTo(page, pageBox);
    await page.keyboard.press('ArrowDown');
    await expect(focused(page)).toHaveAccessibleName(new RegExp(`^Sélectionner ${upper} `));
    await page.keyboard.press('Space');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Space');
    const bar = page.getByRole('region', { name: 'Sélection' });
    await expect(bar).toContainText('2 participants sélectionnés.');

    // Every participant of the search: the button that replaces the offer keeps the focus.
    await tabTo(
      page,
      bar.getByRole('button', { name: 'Sélectionner les 3 participants correspondant à la recherche' }),
      {
        key: 'Shift+Tab',
      },
    );
    await page.keyboard.press('Enter');
    await expect(bar).toContainText('Les 3 participants correspondant à la recherche sont sélectionnés.');
    await expect(bar.getByRole('button', { name: 'Effacer la sélection' })).toBeFocused();

    // The export keeps the focus while the workbook is made.
    const exportButton = bar.getByRole('button', { name: 'Exporter la sélection' });
    await tabTo(page, exportButton);
    const workbook = page.waitForEvent('download');
    await page.keyboard.press('Enter');
    expect((await workbook).suggestedFilename()).toMatch(/^Participants \d{4}-\d{2}-\d{2}\.xlsx$/);
    await expect(exportButton).toBeFocused();

    // Cleared, the bar goes and the focus moves to the list's own checkbox; Space there ticks the page.
    await tabTo(page, bar.getByRole('button', { name: 'Effacer la sélection' }), { key: 'Shift+Tab' });
    await page.keyboard.press('Enter');
    await expect(bar).toBeHidden();
    await expect(pageBox).toBeFocused();
    await page.keyboard.press('Space');
    await expect(bar).toContainText('3 participants sélectionnés.');

    // Terminate: the dialog holds the focus; Escape closes it and gives the focus back to its button.
    const terminate = bar.getByRole('button', { name: 'Résilier la sélection' });
    await tabTo(page, terminate, { key: 'Shift+Tab' });
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Résilier la sélection' });
    await expectFocusIn(dialog);
    for (let press = 0; press < 4; press++) {
      await page.keyboard.press('Tab');
      await expectFocusIn(dialog);
    }
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(terminate).toBeFocused();

    // Again, with a reason chosen from the list by the arrows.
    await page.keyboard.press('Enter');
    const reason = dialog.getByRole('combobox', { name: /^Motif de résiliation/ });
    await tabTo(page, reason);
    await page.keyboard.press('ArrowDown');
    const retirement = page.getByRole('option', { name: 'Départ à la retraite' });
    await tabTo(page, retirement, { key: 'ArrowDown', max: 30 });
    await page.keyboard.press('Enter');
    await expect(reason).toHaveText('Départ à la retraite');
    await expect(reason).toBeFocused();
    await expectAccessible(page);
    await tabTo(page, dialog.getByRole('button', { name: 'Résilier 3 participants' }));
    await page.keyboard.press('Enter');
    // The summary replaces the form and takes the focus.
    await expect(dialog.getByRole('status')).toHaveText('3 participants résiliés.');
    await expect(focused(page)).toContainText(/^3 participants résiliés\./);
    await expectAccessible(page);
    await page.keyboard.press('Tab');
    await expect(dialog.getByRole('button', { name: 'OK' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(dialog).toBeHidden();
    await expect(bar).toBeHidden();
    // No active participant left to tick in this search: the focus goes to the title, not to the page's start.
    await expect(page.getByText('Aucun participant ne correspond à ces critères')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Liste des participants' })).toBeFocused();
  });

  test.describe('in English', () => {
    test.use({ locale: 'en-GB' });

    test('the import checked and run, an error cell read, then a row ticked and the terminate dialog closed by Escape', async ({
      page,
    }) => {
      const file = csvOf([
        { nom: uniqueName('Keys').toUpperCase(), prenom: 'Emma' },
        { nom: uniqueName('Keys').toUpperCase(), prenom: 'Eric', mail: 'no-mail' },
      ]);
      page.on('filechooser', (chooser) =>
        chooser.setFiles({ name: 'employees.csv', mimeType: 'text/csv', buffer: file }),
      );
      // The browser's language opens the sign-in screen in English.
      await page.goto('/login');
      await page.getByLabel('I am signing in as a correspondant').check();
      await page.getByRole('textbox', { name: 'Correspondant identifier' }).fill('corr.etablissement');
      await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
      await page.getByRole('button', { name: 'Sign in', exact: true }).click();
      await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeVisible();

      await page.goto('/adherentsCorrespondant');
      await tabTo(page, page.getByRole('link', { name: 'Import from a spreadsheet' }));
      await page.keyboard.press('Enter');
      await expect(page.getByRole('heading', { level: 1, name: 'Import participants' })).toBeFocused();
      await tabTo(page, page.getByRole('button', { name: 'Choose a file' }));
      await page.keyboard.press('Enter');
      await expect(page.getByText(/^Chosen file: employees\.csv \(/)).toBeVisible();
      await page.keyboard.press('Tab');
      await page.keyboard.press('Enter');
      await expect(page.getByRole('heading', { level: 2, name: '2. Check the rows' })).toBeFocused();
      const region = page.getByRole('region', { name: 'Rows of the file' });
      await tabTo(page, region);
      await page.keyboard.press('Tab');
      await expect(focused(page)).toHaveAccessibleName(/^no-mail Error: /);
      await expectAccessible(page);
      await tabTo(page, page.getByRole('button', { name: 'Import 1 row' }));
      await page.keyboard.press('Enter');
      await tabTo(page, page.getByRole('dialog').getByRole('button', { name: 'Import', exact: true }));
      await page.keyboard.press('Enter');
      await expect(page.getByRole('heading', { level: 2, name: '4. Import report' })).toBeFocused({
        timeout: 30_000,
      });
      await expect(
        page.getByRole('status').filter({ hasText: 'The import of employees.csv is finished.' }),
      ).toHaveText(
        'The import of employees.csv is finished. Participants created: 1, Participants updated: 0, Unchanged: 0, Rows refused: 0.',
      );
      await expectAccessible(page);

      await tabTo(page, page.getByRole('link', { name: 'Back to the participant list' }));
      await page.keyboard.press('Enter');
      await expect(page.getByRole('heading', { level: 1, name: 'Participant list' })).toBeFocused();
      await tabTo(page, page.getByRole('checkbox', { name: 'Select the participants of this page' }));
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('Space');
      const bar = page.getByRole('region', { name: 'Selection' });
      await expect(bar).toContainText('1 participant selected.');
      const terminate = bar.getByRole('button', { name: 'Terminate the selection' });
      await tabTo(page, terminate, { key: 'Shift+Tab' });
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('dialog', { name: 'Terminate the selection' });
      await expectFocusIn(dialog);
      await expectAccessible(page);
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
      await expect(terminate).toBeFocused();
    });
  });
});

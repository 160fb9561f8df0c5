import { expect, type Locator, type Page } from '@playwright/test';
import { csvOf } from './import-files';
import { apiToken, createParticipant, uniqueName } from './participants-api';
import { expectAccessible, expectNoSidewaysScroll, PASSWORD, test } from './support';

/**
 * The correspondant's participant list, its selection bar and the import screens on a 390 × 844
 * phone (issue 22): no page scrolls sideways (the list and the import's grid scroll inside their own
 * labelled boxes), the bar's actions stay in view, axe finds nothing; in French and in English.
 */

const PHONE = { width: 390, height: 844 };

const LABELS = {
  'fr-FR': {
    correspondant: 'Je me connecte en tant que correspondant',
    identifier: 'Identifiant correspondant',
    password: 'Mot de passe',
    signIn: 'Se connecter',
    list: 'Liste des participants',
    table: 'Participants',
    select: 'Sélectionner',
    bar: 'Sélection',
    selectAll: 'Sélectionner les 3 participants correspondant à la recherche',
    actions: ['Effacer la sélection', 'Exporter la sélection', 'Résilier la sélection'],
    dialog: 'Résilier la sélection',
    importTitle: 'Import de participants',
    check: 'Vérifier le fichier',
    preview: '2. Vérifier les lignes',
    rows: 'Lignes du fichier',
    importButton: 'Importer 1 ligne',
    confirm: 'Importer',
    report: "4. Compte rendu de l'import",
  },
  'en-GB': {
    correspondant: 'I am signing in as a correspondant',
    identifier: 'Correspondant identifier',
    password: 'Password',
    signIn: 'Sign in',
    list: 'Participant list',
    table: 'Participants',
    select: 'Select',
    bar: 'Selection',
    selectAll: 'Select all 3 participants matching the search',
    actions: ['Clear the selection', 'Export the selection', 'Terminate the selection'],
    dialog: 'Terminate the selection',
    importTitle: 'Import participants',
    check: 'Check the file',
    preview: '2. Check the rows',
    rows: 'Rows of the file',
    importButton: 'Import 1 row',
    confirm: 'Import',
    report: '4. Import report',
  },
} as const;

type Labels = (typeof LABELS)[keyof typeof LABELS];

/** A control in view across: its box lies within the phone's width. */
async function expectWithinWidth(control: Locator) {
  await expect(control).toBeVisible();
  const box = await control.boundingBox();
  expect(box?.x ?? -1).toBeGreaterThanOrEqual(0);
  expect((box?.x ?? 0) + (box?.width ?? PHONE.width + 1)).toBeLessThanOrEqual(PHONE.width + 1);
}

/** The screen at rest: nothing loading, no sideways scroll, photographed, axe clean. */
async function check(page: Page, name: string) {
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  await expectNoSidewaysScroll(page);
  await page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });
  await expectAccessible(page);
}

/** Signs in on a large screen (the menu docked), in the browser's language, then turns into a phone. */
async function signInOnPhone(page: Page, labels: Labels) {
  await page.goto('/login');
  await page.getByLabel(labels.correspondant).check();
  await page.getByRole('textbox', { name: labels.identifier }).fill('corr.etablissement');
  await page.getByLabel(labels.password, { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: labels.signIn, exact: true }).click();
  await expect(page.getByRole('navigation').first()).toBeVisible();
  await page.setViewportSize(PHONE);
}

for (const locale of ['fr-FR', 'en-GB'] as const) {
  test.describe(`on a phone, ${locale === 'fr-FR' ? 'in French' : 'in English'}`, () => {
    test.use({ locale });

    test('the list, its selection bar and dialog, and the import from the file to the report do not scroll sideways and are accessible', async ({
      page,
    }) => {
      test.setTimeout(120_000);
      const labels = LABELS[locale];
      const team = uniqueName('Tel');
      const token = await apiToken(page.request, 'corr.etablissement');
      for (const prenom of ['Alice', 'Bruno', 'Chloé'])
        await createParticipant(page.request, token, { nom: team, prenom });
      await signInOnPhone(page, labels);

      // The list: its grid scrolls inside its own labelled box.
      await page.goto(`/adherentsCorrespondant?nom=${team}`);
      await expect(page.getByRole('heading', { level: 1, name: labels.list })).toBeVisible();
      const grid = page.getByRole('grid', { name: labels.table });
      const boxes = grid.getByRole('checkbox', {
        name: new RegExp(`^${labels.select} ${team.toUpperCase()} `),
      });
      await expect(boxes).toHaveCount(3);
      await check(page, `${locale}-list-390`);

      // Two rows ticked, then every participant of the search: the bar's actions stay in view.
      await boxes.nth(0).check();
      await boxes.nth(1).check();
      const bar = page.getByRole('region', { name: labels.bar });
      await bar.getByRole('button', { name: labels.selectAll }).click();
      for (const action of labels.actions) await expectWithinWidth(bar.getByRole('button', { name: action }));
      await check(page, `${locale}-list-selected-390`);
      await bar.getByRole('button', { name: labels.actions[2] }).click();
      const dialog = page.getByRole('dialog', { name: labels.dialog });
      await expect(dialog).toBeVisible();
      await check(page, `${locale}-terminate-dialog-390`);
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();

      // The import: the file, the check (its wide grid scrolls inside its own box), the report.
      await page.goto('/adherentsCorrespondant/import');
      await expect(page.getByRole('heading', { level: 1, name: labels.importTitle })).toBeVisible();
      await check(page, `${locale}-import-upload-390`);
      const file = csvOf([
        { nom: uniqueName('Tel').toUpperCase(), prenom: 'Emma' },
        { nom: '', prenom: 'Denis', mail: 'pas-un-mail' },
      ]);
      await page
        .getByTestId('import-file-input')
        .setInputFiles({ name: 'salaries.csv', mimeType: 'text/csv', buffer: file });
      await page.getByRole('button', { name: labels.check }).click();
      await expect(page.getByRole('heading', { level: 2, name: labels.preview })).toBeVisible();
      const region = page.getByRole('region', { name: labels.rows });
      expect(await region.evaluate((box) => box.scrollWidth > box.clientWidth)).toBe(true);
      // A cell in error far to the right, focused: the box scrolls to it, the page does not.
      await region.locator('td[data-invalid] >> nth=-1').focus();
      await check(page, `${locale}-import-preview-390`);
      await page.getByRole('button', { name: labels.importButton }).click();
      await page.getByRole('dialog').getByRole('button', { name: labels.confirm, exact: true }).click();
      await expect(page.getByRole('heading', { level: 2, name: labels.report })).toBeVisible({
        timeout: 30_000,
      });
      await check(page, `${locale}-import-report-390`);
    });
  });
}

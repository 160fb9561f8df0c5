import { readFile } from 'node:fs/promises';
import { expect, type Page } from '@playwright/test';
import { TextWriter, Uint8ArrayReader, Uint8ArrayWriter, ZipReader } from '@zip.js/zip.js';
import { expectAccessible, signIn, test } from './support';

/**
 * "My data" (issue 23, docs/personal-details.md#my-data): participant.dmc builds the archive of
 * everything the portal holds about them, with a password and without, and the test opens it.
 */

const PASSWORD = 'Sésame ouvre-toi 42!';

/** Every file of a ZIP by path (the password when given): the same reader 7-Zip's format needs. */
async function filesOf(bytes: Uint8Array, password?: string): Promise<Map<string, Uint8Array>> {
  const reader = new ZipReader(new Uint8ArrayReader(bytes));
  try {
    const files = new Map<string, Uint8Array>();
    for (const entry of await reader.getEntries()) {
      if (entry.directory) continue;
      files.set(entry.filename, await entry.getData(new Uint8ArrayWriter(), password ? { password } : {}));
    }
    return files;
  } finally {
    await reader.close();
  }
}

async function firstEntryWithoutPassword(bytes: Uint8Array): Promise<string> {
  const reader = new ZipReader(new Uint8ArrayReader(bytes));
  try {
    const [entry] = await reader.getEntries();
    if (!entry || entry.directory) throw new Error('empty archive');
    return await entry.getData(new TextWriter());
  } finally {
    await reader.close();
  }
}

const text = (bytes: Uint8Array | undefined) => new TextDecoder().decode(bytes);

/** Switches to English from the account menu (as interface-language.spec.ts does). */
async function toEnglish(page: Page) {
  await page.getByRole('banner').getByRole('button', { name: /\w/ }).last().dispatchEvent('click');
  await page.getByRole('menuitemradio', { name: 'English' }).dispatchEvent('click');
  await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeVisible();
}

async function download(page: Page, button: string): Promise<{ name: string; bytes: Uint8Array }> {
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: button }).click();
  const file = await downloading;
  const path = await file.path();
  return { name: file.suggestedFilename(), bytes: new Uint8Array(await readFile(path)) };
}

test.describe('my data', () => {
  test('participant.dmc builds the archive with a password and finds every document in it', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await signIn(page, 'participant.dmc');
    await page.goto('/mescoordonnees?onglet=donnees');
    const tab = page.getByRole('tab', { name: 'Mes données' });
    await expect(tab).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('heading', { level: 2, name: 'Mes données' })).toBeVisible();
    await expect(page.getByText(/vos documents et les fiches conseils, en PDF/)).toBeVisible();
    await expectAccessible(page);

    // Two different passwords: told on the field, nothing downloaded.
    await page.getByLabel(/^Mot de passe de l’archive/).fill(PASSWORD);
    await page.getByLabel(/^Confirmation du mot de passe/).fill('autre chose 1234');
    await page.getByRole('button', { name: 'Télécharger mes données' }).click();
    await expect(page.getByText('Les deux mots de passe ne sont pas identiques.')).toBeVisible();
    await expectAccessible(page);

    await page.getByLabel(/^Confirmation du mot de passe/).fill(PASSWORD);
    const archive = await download(page, 'Télécharger mes données');
    expect(archive.name).toMatch(/^mes-donnees-\d{4}-\d{2}-\d{2}\.zip$/);
    await expect(firstEntryWithoutPassword(archive.bytes)).rejects.toThrow();
    const files = await filesOf(archive.bytes, PASSWORD);
    const names = [...files.keys()];
    expect(names[0]).toBe('README.txt');
    for (const name of ['dossier.json', 'fhir-bundle.json', 'rendez-vous.ics', 'activite.csv'])
      expect(names).toContain(name);
    const documents = names.filter((name) => /^documents\/[^/]+$/.test(name));
    expect(documents.length).toBeGreaterThan(0);
    for (const name of documents) expect(text(files.get(name)?.slice(0, 5)), name).toBe('%PDF-');
    // Each document of the record is there: the Bundle lists one DocumentReference per document file.
    const bundle = JSON.parse(text(files.get('fhir-bundle.json'))) as {
      entry: { resource: { resourceType: string; subject?: unknown } }[];
    };
    const references = bundle.entry.filter(
      (entry) => entry.resource.resourceType === 'DocumentReference' && entry.resource.subject,
    );
    expect(references).toHaveLength(documents.length);
    expect(JSON.parse(text(files.get('dossier.json'))).compte.identifiant).toBe('participant.dmc');

    // The button keeps the focus while busy, and the page stays accessible at phone size.
    await expect(page.getByRole('button', { name: 'Télécharger mes données' })).toBeFocused();
    await page.setViewportSize({ width: 390, height: 844 });
    await expectAccessible(page);
  });

  test('in English, the archive downloads directly, its README in English', async ({ page }) => {
    test.setTimeout(120_000);
    await signIn(page, 'participant.dmc');
    await toEnglish(page);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/mescoordonnees?onglet=donnees');
    await expect(page.getByRole('heading', { level: 2, name: 'My data' })).toBeVisible();
    await page.getByRole('radio', { name: /Download directly/ }).check();
    await expect(page.getByText(/anyone who gets the file can read your health data/)).toBeVisible();
    await expectAccessible(page);
    const archive = await download(page, 'Download my data');
    expect(archive.name).toMatch(/^my-data-\d{4}-\d{2}-\d{2}\.zip$/);
    const files = await filesOf(archive.bytes);
    expect(text(files.get('README.txt'))).toContain('The archive is not encrypted');
    await page.setViewportSize({ width: 1280, height: 800 });
    await expectAccessible(page);
  });
});

import { type Browser, expect, type Page } from '@playwright/test';
import { configure, Uint8ArrayReader, Uint8ArrayWriter, ZipReader } from '@zip.js/zip.js';
import { expectAccessible, signIn, test } from './support';

/**
 * The participant's medical record (docs/home.md#new-documents, docs/documents-and-sheets.md#document-lists, docs/documents-and-sheets.md#sheets, docs/documents-and-sheets.md#send-dialog, docs/documents-and-sheets.md#filters): the lists filter as the API does,
 * the viewer draws a PDF, downloads are PDFs, and "send" mails a ZIP only the typed password opens.
 */

configure({ useWebWorkers: false });

const CATEGORIES = [
  { link: "Résultats d'analyses", code: 'MEDICO_TECHNIQUE' },
  { link: 'Consultations médicales', code: 'CONS_MEDICAL' },
  { link: 'Consultations gynécologiques', code: 'CONSULT_GYN' },
  { link: 'Courriers', code: 'COURRIER' },
] as const;

interface TypeRef {
  id: number;
  label: string;
}
interface ListReply {
  items: { id: number }[];
  totalRows: number;
}
interface OutboxItem {
  id: number;
  channel: 'SMS' | 'MAIL';
  recipient: string;
  attachments: { id: number; fileName: string }[];
}

async function newPage(browser: Browser, login: string): Promise<Page> {
  // axe needs pages of a context of its own.
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, login);
  return page;
}

/** The access token of the signed-in tab, for asking the API what the screen should show. */
async function tokenOf(page: Page): Promise<string> {
  return page.evaluate(
    () => JSON.parse(sessionStorage.getItem('portail.token') ?? '{}').accessToken as string,
  );
}

async function apiGet<T>(page: Page, path: string, params: Record<string, string | number> = {}): Promise<T> {
  const reply = await page.request.get(`/api/${path}`, {
    headers: { Authorization: `Bearer ${await tokenOf(page)}` },
    params,
  });
  expect(reply.ok(), `${path}: ${reply.status()}`).toBe(true);
  return (await reply.json()) as T;
}

function countDocuments(page: Page, category: string, years: number[], types: number[]) {
  return apiGet<ListReply>(page, 'document/list', {
    page: 1,
    size: 20,
    sort: 'dateCreation,DESC',
    actif: 'true',
    categorieExtraciem: category,
    anneeDocuments: JSON.stringify(years),
    typesDocuments: JSON.stringify(types),
  }).then((reply) => reply.totalRows);
}

async function openCategory(page: Page, link: string) {
  await page
    .getByRole('navigation', { name: 'Menu principal' })
    .getByRole('link', { name: link, exact: true })
    .click();
  await expect(page.getByRole('heading', { name: 'Mon Dossier Médical', level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: link, level: 2 })).toBeVisible();
}

const table = (page: Page, link: string) => page.getByRole('table', { name: `Documents : ${link}` });
const documentRows = (page: Page, link: string) =>
  table(page, link)
    .locator(':scope > tbody > tr')
    .filter({ has: page.getByRole('checkbox') });

async function expectRows(page: Page, link: string, total: number) {
  await expect(table(page, link)).toHaveAttribute('aria-busy', 'false');
  await expect(documentRows(page, link)).toHaveCount(Math.min(20, total));
}

/** Clicks options of a filter's list, then closes it. */
async function pick(page: Page, select: string, options: string[]) {
  await page.getByRole('combobox', { name: select }).click();
  for (const option of options) await page.getByRole('option', { name: option, exact: true }).click();
  await page.keyboard.press('Escape');
}

/** The share of the canvas that is not white: a drawn page has text on it. */
async function inkOnCanvas(page: Page): Promise<number> {
  const canvas = page.getByRole('dialog').locator('canvas[data-rendered]');
  await expect(canvas).toBeVisible({ timeout: 15_000 });
  return canvas.evaluate((element: HTMLCanvasElement) => {
    const context = element.getContext('2d');
    if (!context) return 0;
    const { data } = context.getImageData(0, 0, element.width, element.height);
    let ink = 0;
    for (let i = 0; i < data.length; i += 4) if ((data[i] ?? 255) < 200) ink += 1;
    return ink / (data.length / 4);
  });
}

test.describe('medical record', () => {
  test('each category lists what the API lists, filtered by year and type', async ({ browser }) => {
    // Four screens, five searches each.
    test.setTimeout(120_000);
    const page = await newPage(browser, 'participant.dmc');
    const years = await apiGet<number[]>(page, 'annees-bilans');
    expect(years.length).toBeGreaterThan(1);
    for (const { link, code } of CATEGORIES) {
      await openCategory(page, link);
      const types = await apiGet<TypeRef[]>(page, `abstractenum/typedocument/${code}`);
      const typeIds = types.map((type) => type.id);
      await expectRows(page, link, await countDocuments(page, code, years, typeIds));
      if (code === 'CONS_MEDICAL') await expectAccessible(page);

      // One year only.
      const year = years[years.length - 1] ?? 0;
      await pick(page, 'Année(s) de bilan', ['Tout sélectionner', String(year)]);
      await expectRows(page, link, await countDocuments(page, code, [year], typeIds));

      // No type at all: an empty table, the message, and no call.
      let calls = 0;
      const count = (request: { url: () => string }) => {
        if (request.url().includes('/api/document/list')) calls += 1;
      };
      page.on('request', count);
      await pick(page, 'Type(s) de documents', ['Tout sélectionner']);
      await expect(
        page.getByRole('status').filter({ hasText: 'Veuillez sélectionner le(s) type(s) de documents' }),
      ).toBeVisible();
      await expect(documentRows(page, link)).toHaveCount(0);
      await pick(page, 'Année(s) de bilan', [String(year)]);
      await expect(page.getByText('Veuillez sélectionner le(s) année(s)')).toBeVisible();
      expect(calls).toBe(0);
      page.off('request', count);

      // One type, every year.
      const first = types[0];
      if (!first) continue;
      await pick(page, 'Année(s) de bilan', ['Tout sélectionner']);
      await pick(page, 'Type(s) de documents', [first.label]);
      await expectRows(page, link, await countDocuments(page, code, years, [first.id]));
    }
    await page.context().close();
  });

  test('views a PDF, downloads it, and mails two documents to oneself in a ZIP only the password opens', async ({
    browser,
  }) => {
    const page = await newPage(browser, 'participant.dmc');
    const link = 'Consultations médicales';
    await openCategory(page, link);
    await expect(documentRows(page, link).first()).toBeVisible();

    // View: the page is drawn on the canvas.
    const view = documentRows(page, link).first().getByRole('button', { name: /^Voir/ });
    await view.click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByText(/^Page 1 sur \d+$/)).toBeVisible({ timeout: 15_000 });
    expect(await inkOnCanvas(page)).toBeGreaterThan(0.001);
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Fermer' }).click();
    await expect(dialog).toBeHidden();
    // Issue 18: the focus is back on the row's button that opened the viewer.
    await expect(view).toBeFocused();

    // Download: a PDF under the title the list shows (a date's slashes become dashes in a file name).
    const downloading = page.waitForEvent('download');
    const downloadButton = documentRows(page, link)
      .first()
      .getByRole('button', { name: /^Télécharger/ });
    const title = /^Télécharger « (.+) »$/.exec((await downloadButton.getAttribute('aria-label')) ?? '')?.[1];
    await downloadButton.click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(`${title?.replaceAll('/', '-').replace(/\.pdf$/i, '')}.pdf`);
    const { readFile } = await import('node:fs/promises');
    const bytes = await readFile(await download.path());
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');

    // Send two documents to myself.
    const mail = (await apiGet<unknown>(page, 'mail').catch(() => null)) as string | null;
    const before = await page.request.get('/api/dev/outbox?limit=1').then(async (reply) => {
      const { items } = (await reply.json()) as { items: OutboxItem[] };
      return items[0]?.id ?? 0;
    });
    const send = page.getByRole('button', { name: /^Envoyer/ });
    await expect(send).toBeDisabled();
    await documentRows(page, link).nth(0).getByRole('checkbox').check();
    await documentRows(page, link).nth(1).getByRole('checkbox').check();
    await expect(send).toHaveText('Envoyer (2)');
    await send.click();
    const sendDialog = page.getByRole('dialog', { name: 'Envoyer les documents par mail' });
    // Cancelled, the dialog gives the focus back to the button; the selection stays.
    await expect(sendDialog).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(sendDialog).toBeHidden();
    await expect(send).toBeFocused();
    await expect(send).toHaveText('Envoyer (2)');
    await send.click();
    await sendDialog.getByRole('checkbox', { name: "M'envoyer les documents à moi-même" }).check();
    const mailField = sendDialog.getByRole('textbox', { name: 'Adresse mail' });
    await expect(mailField).not.toHaveValue('');
    await expect(mailField).toBeDisabled();
    const recipient = await mailField.inputValue();
    if (mail) expect(recipient).toBe(mail);
    await sendDialog.getByLabel('Mot de passe du fichier').fill('Zip#Secret-42');
    await expectAccessible(page);
    await sendDialog.getByRole('button', { name: 'Envoyer' }).click();
    await expect(page.getByText('Document(s) envoyé(s)')).toBeVisible({ timeout: 20_000 });
    await expect(sendDialog).toBeHidden();
    await expect(send).toBeDisabled();

    let sent: OutboxItem | undefined;
    await expect
      .poll(
        async () => {
          const reply = await page.request.get('/api/dev/outbox?limit=20');
          const { items } = (await reply.json()) as { items: OutboxItem[] };
          sent = items.find(
            (item) => item.id > before && item.channel === 'MAIL' && item.recipient === recipient,
          );
          return sent?.attachments.length ?? 0;
        },
        { timeout: 15_000 },
      )
      .toBe(1);
    const attachment = sent?.attachments[0];
    expect(attachment?.fileName).toMatch(/\.zip$/);
    const zipReply = await page.request.get(`/api/dev/outbox/${sent?.id}/attachments/${attachment?.id}`);
    expect(zipReply.ok()).toBe(true);
    const zip = new Uint8Array(await zipReply.body());
    const entries = await new ZipReader(new Uint8ArrayReader(zip)).getEntries();
    expect(entries).toHaveLength(2);
    for (const entry of entries) {
      expect(entry.encrypted).toBe(true);
      if (entry.directory) throw new Error('a folder in the ZIP');
      const content = await entry.getData(new Uint8ArrayWriter(), { password: 'Zip#Secret-42' });
      expect(new TextDecoder('latin1').decode(content.subarray(0, 5))).toBe('%PDF-');
      await expect(entry.getData(new Uint8ArrayWriter())).rejects.toThrow();
      await expect(entry.getData(new Uint8ArrayWriter(), { password: 'wrong-password' })).rejects.toThrow();
    }
    await page.context().close();
  });

  test('the main actions work from the keyboard; attachments open, LS ones cannot be chosen', async ({
    browser,
  }) => {
    const page = await newPage(browser, 'participant.dmc');
    const link = 'Consultations médicales';
    await openCategory(page, link);
    await expect(documentRows(page, link).first()).toBeVisible();
    const selectAll = page.getByRole('checkbox', { name: 'Sélectionner tous les documents de la page' });
    await selectAll.focus();
    await page.keyboard.press('Space');
    await expect(page.getByRole('button', { name: /^Envoyer/ })).toBeEnabled();
    await page.keyboard.press('Space');

    // Tab to the first attachment expander, open it with Enter.
    const expander = documentRows(page, link)
      .first()
      .getByRole('button', { name: /annexes? de/ });
    await expect(expander).toBeVisible();
    for (let i = 0; i < 6 && !(await expander.evaluate((el) => el === document.activeElement)); i += 1)
      await page.keyboard.press('Tab');
    await expect(expander).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(expander).toHaveAttribute('aria-expanded', 'true');
    const annexes = page.getByRole('table', { name: /^Annexes de/ }).first();
    await expect(annexes.getByRole('checkbox', { name: /Sélectionner « ECG_/ })).toBeVisible();
    await expect(annexes.getByRole('checkbox', { name: /Lettre_synthese/ })).toHaveCount(0);
    await expect(annexes.getByRole('button', { name: /^Voir « Lettre_synthese/ })).toBeVisible();

    // The first row's view button, from the keyboard.
    const view = documentRows(page, link).first().getByRole('button', { name: /^Voir/ });
    await view.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('dialog').locator('canvas[data-rendered]')).toBeVisible({ timeout: 15_000 });
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toBeHidden();
    await page.context().close();
  });

  test('advice sheets list and open, and home shows the new documents', async ({ browser }) => {
    const page = await newPage(browser, 'participant.dmc');
    await expect(page.getByRole('heading', { name: 'Nouveaux documents' })).toBeVisible();
    await expect(page.getByRole('table', { name: 'Nouveaux documents' })).toBeVisible();
    await page
      .getByRole('navigation', { name: 'Menu principal' })
      .getByRole('link', { name: 'Fiches conseils' })
      .click();
    await expect(page.getByRole('heading', { name: 'Fiches conseils', level: 1 })).toBeVisible();
    const rows = page
      .getByRole('grid', { name: 'Fiches conseils' })
      .getByRole('row')
      .filter({ has: page.getByRole('gridcell') });
    await expect(rows.first()).toBeVisible();
    await expect(rows.first()).toContainText(/\d{2}\/\d{2}\/\d{4}/);
    await expectAccessible(page);
    await rows.first().getByRole('button', { name: /^Voir/ }).click();
    expect(await inkOnCanvas(page)).toBeGreaterThan(0.001);
    await page.context().close();
  });

  test('a participant without the medical record has no documents and no sheets', async ({ browser }) => {
    const page = await newPage(browser, 'participant.sansdmc');
    const menu = page.getByRole('navigation', { name: 'Menu principal' });
    await expect(menu.getByRole('link', { name: 'Accueil' })).toBeVisible();
    await expect(menu.getByText('Mon Dossier Médical')).toHaveCount(0);
    await expect(menu.getByRole('link', { name: 'Fiches conseils' })).toHaveCount(0);
    for (const path of ['/document/courrier', '/document/resultatsAnalyses', '/fiche/liste']) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/home$/);
      await expect(
        page.getByText("Vos habilitations ne permettent pas d'accéder à cette fonction"),
      ).toBeVisible();
    }
    await page.context().close();
  });
});

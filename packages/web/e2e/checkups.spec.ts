import { type APIRequestContext, expect, type Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { apiToken } from './participants-api';
import { expectAccessible, signIn, test } from './support';

/**
 * The correspondant's check-ups and their history (docs/checkups.md#list, docs/checkups.md#history, docs/checkups.md#filters): the screens show what the
 * API answers for the same filter, and the Excel export holds the same rows.
 */

type State = 'EN_COURS' | 'CLOTURE' | 'FACTURE';
interface Filter {
  dateDebut: string;
  dateFin: string;
  etatBilan?: State;
}
interface ListReply {
  items: { id: number; idParticipant?: number }[];
  totalRows: number;
}

const iso = (date: Date) => date.toISOString().slice(0, 10);
const now = new Date();
/** Noon, so that the ISO (UTC) date is the calendar day here. */
const day = (yearsBack: number, monthsBack = 0) =>
  iso(new Date(now.getFullYear() - yearsBack, now.getMonth() - monthsBack, now.getDate(), 12));
const DEFAULT_FILTER: Filter = { dateDebut: day(1), dateFin: day(0) };
const STATE_LABELS: Record<State, string> = { EN_COURS: 'En cours', CLOTURE: 'Clôturé', FACTURE: 'Facturé' };

/** Every row of the filter, page after page. */
async function listAll(
  request: APIRequestContext,
  token: string,
  path: string,
  filter: Filter,
): Promise<ListReply> {
  const items: ListReply['items'] = [];
  let totalRows = 0;
  for (let page = 0; ; page += 1) {
    const reply = await request.get(`/api/${path}`, {
      headers: { Authorization: `Bearer ${token}` },
      params: { page, size: 100, ...filter },
    });
    expect(reply.ok(), `${path}: ${reply.status()}`).toBe(true);
    const body = (await reply.json()) as ListReply;
    items.push(...body.items);
    totalRows = body.totalRows;
    if (body.items.length < 100) break;
  }
  return { items, totalRows };
}

const grid = (page: Page, name: string) => page.getByRole('grid', { name });
const dataRows = (page: Page, name: string) =>
  grid(page, name)
    .getByRole('row')
    .filter({ has: page.getByRole('gridcell') });

async function open(page: Page, link: string) {
  await page
    .getByRole('navigation', { name: 'Menu principal' })
    .getByRole('link', { name: link, exact: true })
    .click();
  await expect(page.getByRole('heading', { name: link, level: 1 })).toBeVisible();
}

/** Types DD/MM/YYYY into a date picker's sections. */
async function typeDate(page: Page, label: string, isoDate: string) {
  const [year, month, day] = isoDate.split('-');
  const group = page.getByRole('group', { name: new RegExp(`^${label}`) });
  await group.getByRole('spinbutton').first().click();
  await page.keyboard.type(`${day}${month}${year}`);
}

async function chooseState(page: Page, state: State | undefined) {
  await page.getByRole('combobox', { name: 'État du bilan' }).click();
  await page.getByRole('option', { name: state ? STATE_LABELS[state] : 'Tous', exact: true }).click();
}

/** The pager's text, or the empty state, as the API's count says. */
async function expectCount(page: Page, table: string, total: number) {
  if (total === 0) {
    await expect(page.getByText('Aucun bilan ne correspond à ces critères')).toBeVisible();
    await expect(dataRows(page, table)).toHaveCount(0);
  } else {
    await expect(page.getByText(`1–${Math.min(15, total)} sur ${total}`, { exact: true })).toBeVisible();
    await expect(dataRows(page, table)).toHaveCount(Math.min(15, total));
  }
}

/** Clicks the export button, checks its progress state, and reads the workbook's first-column ids. */
async function exportIds(page: Page, namePattern: RegExp): Promise<number[]> {
  const downloading = page.waitForEvent('download');
  const button = page.getByRole('button', { name: 'Exporter en Excel' });
  await button.click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(namePattern);
  await expect(page.getByRole('status').filter({ hasText: 'Export Excel terminé' })).toBeAttached();
  await expect(button).toBeEnabled();
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(await download.path());
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new Error('no sheet');
  const ids: number[] = [];
  sheet.eachRow((row, number) => {
    if (number > 1) ids.push(Number(row.getCell(1).value));
  });
  return ids;
}

/** The grid draws the columns in view only: scrolls to its right end. */
async function scrollTo(page: Page, table: string, end: 'left' | 'right') {
  await grid(page, table)
    .locator('.MuiDataGrid-virtualScroller')
    .evaluate((element, right) => {
      element.scrollLeft = right ? element.scrollWidth : 0;
    }, end === 'right');
}

const sorted = (ids: number[]) => [...ids].sort((a, b) => a - b);

test.describe('check-ups', () => {
  test('the check-up list filters by state and dates as the API does, and exports the same rows', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const token = await apiToken(page.request, 'corr.etablissement');
    await signIn(page, 'corr.etablissement', { correspondant: true });
    await open(page, 'Bilans');
    const table = 'Bilans';

    // Default: one year back to today, every state.
    await expect(page.getByRole('group', { name: /^Date de début/ })).toBeVisible();
    const all = await listAll(page.request, token, 'bilansCorrespondant', DEFAULT_FILTER);
    expect(all.totalRows).toBeGreaterThan(0);
    await expectCount(page, table, all.totalRows);
    await expectAccessible(page);
    await page.screenshot({ path: 'test-results/checkups-list.png', fullPage: true });

    for (const state of ['EN_COURS', 'CLOTURE', 'FACTURE'] as const) {
      const expected = await listAll(page.request, token, 'bilansCorrespondant', {
        ...DEFAULT_FILTER,
        etatBilan: state,
      });
      await chooseState(page, state);
      await page.getByRole('button', { name: 'Rechercher' }).click();
      await expect(page).toHaveURL(new RegExp(`etatBilan=${state}`));
      await expectCount(page, table, expected.totalRows);
      if (expected.totalRows > 0)
        for (const text of await dataRows(page, table).locator('[data-field="etatBilan"]').allTextContents())
          expect(text).toBe(STATE_LABELS[state]);
    }

    // A narrower range: the last four months, every state.
    const narrow = { dateDebut: day(0, 4), dateFin: DEFAULT_FILTER.dateFin };
    const inRange = await listAll(page.request, token, 'bilansCorrespondant', narrow);
    await chooseState(page, undefined);
    await typeDate(page, 'Date de début', narrow.dateDebut);
    await page.getByRole('button', { name: 'Rechercher' }).click();
    await expect(page).toHaveURL(new RegExp(`dateDebut=${narrow.dateDebut}`));
    await expect(page).not.toHaveURL(/etatBilan/);
    await expectCount(page, table, inRange.totalRows);

    // End before start: refused with its message, nothing searched.
    const url = page.url();
    let searched = false;
    page.on('request', (request) => {
      if (request.url().includes('/api/bilansCorrespondant')) searched = true;
    });
    await typeDate(page, 'Date de fin', '2020-01-01');
    await page.getByRole('button', { name: 'Rechercher' }).click();
    await expect(page.getByText('La date de fin ne peut pas précéder la date de début')).toBeVisible();
    expect(page.url()).toBe(url);
    expect(searched).toBe(false);

    // The export holds the rows of the filter in force (closed check-ups, the default range).
    await page.goto(
      `/bilansCorrespondant?dateDebut=${DEFAULT_FILTER.dateDebut}&dateFin=${DEFAULT_FILTER.dateFin}&etatBilan=CLOTURE`,
    );
    const closed = await listAll(page.request, token, 'bilansCorrespondant', {
      ...DEFAULT_FILTER,
      etatBilan: 'CLOTURE',
    });
    await expectCount(page, table, closed.totalRows);
    const ids = await exportIds(page, /^Bilans \d{4}-\d{2}-\d{2}\.xlsx$/);
    expect(ids.length).toBe(closed.totalRows);
    expect(sorted(ids)).toEqual(sorted(closed.items.map((row) => row.id)));

    // A row opens its participant; back restores the filter.
    const first = closed.items[0];
    if (first) {
      await dataRows(page, table).first().click();
      await expect(page).toHaveURL(/\/adherents\/\d+$/);
      await page.goBack();
      await expect(page.getByRole('combobox', { name: 'État du bilan' })).toHaveText('Clôturé');
      await expectCount(page, table, closed.totalRows);
    }
  });

  test('the history shows the years of the closing dates, as the API does, and exports the same rows', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    const token = await apiToken(page.request, 'corr.etablissement');
    await signIn(page, 'corr.etablissement', { correspondant: true });
    await open(page, 'Historique des bilans');
    const table = 'Historique des bilans';
    const year = new Date().getFullYear();
    await expect(dataRows(page, table).first()).toBeVisible();
    // The closing dates are among the key columns, first after the name (issue 18, 1366 pixels).
    for (const shown of [year - 2, year - 1, year])
      await expect(page.getByRole('columnheader', { name: `Clôture ${shown}` })).toBeVisible();

    const all = await listAll(page.request, token, 'historiqueBilansCorrespondant', DEFAULT_FILTER);
    expect(all.totalRows).toBeGreaterThan(0);
    await expectCount(page, table, all.totalRows);
    await expectAccessible(page);
    await page.screenshot({ path: 'test-results/checkups-history.png', fullPage: true });

    const invoiced = await listAll(page.request, token, 'historiqueBilansCorrespondant', {
      ...DEFAULT_FILTER,
      etatBilan: 'FACTURE',
    });
    await chooseState(page, 'FACTURE');
    await page.getByRole('button', { name: 'Rechercher' }).click();
    await expectCount(page, table, invoiced.totalRows);
    const ids = await exportIds(page, /^Historique des bilans \d{4}-\d{2}-\d{2}\.xlsx$/);
    expect(sorted(ids)).toEqual(sorted(invoiced.items.map((row) => row.id)));

    // Sorted by birth date (further right since issue 18); a row opens the participant.
    await scrollTo(page, table, 'right');
    await page.getByRole('columnheader', { name: 'Date de naissance' }).click();
    await scrollTo(page, table, 'left');
    await expect(page).toHaveURL(/sort=dateNaissance%2CASC/);
    if (invoiced.totalRows > 0) {
      await dataRows(page, table).first().click();
      await expect(page).toHaveURL(/\/adherents\/\d+$/);
    }
  });

  test('in English, both screens are translated and accessible', async ({ page }) => {
    await signIn(page, 'corr.etablissement', { correspondant: true });
    await page.getByRole('banner').getByRole('button', { name: /\w/ }).last().click();
    await page.getByRole('menuitemradio', { name: 'English' }).click();
    const menu = page.getByRole('navigation', { name: 'Main menu' });
    await menu.getByRole('link', { name: 'Check-ups', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Check-ups', level: 1 })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Export to Excel' })).toBeVisible();
    await expect(page.getByRole('columnheader', { name: 'First appointment date' })).toBeVisible();
    await expect(page.getByText(/^1–\d+ of \d+$/)).toBeVisible();
    await expectAccessible(page);
    await menu.getByRole('link', { name: 'Check-up history' }).click();
    await expect(page.getByRole('heading', { name: 'Check-up history', level: 1 })).toBeVisible();
    await expect(dataRows(page, 'Check-up history').first()).toBeVisible();
    await expect(
      page.getByRole('columnheader', { name: `Closing ${new Date().getFullYear()}` }),
    ).toBeVisible();
    await page.screenshot({ path: 'test-results/checkups-history-en.png', fullPage: true });
    await expectAccessible(page);
  });
});

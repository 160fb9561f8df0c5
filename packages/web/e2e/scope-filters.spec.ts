import { expect, type Page } from '@playwright/test';
import { apiToken } from './participants-api';
import { expectAccessible, signIn, test } from './support';

/**
 * Issue 18, correspondants: a group tells its employees apart (company and establishment filters and
 * columns, only where the scope holds several), the check-up export takes what the form shows, and the
 * screens hold at desktop and phone sizes, in French and English.
 */

const SHOTS = '/tmp/shots-corr';
const DESKTOP = { width: 1366, height: 768 };
const PHONE = { width: 375, height: 812 };

async function toEnglish(page: Page) {
  await page.getByRole('banner').getByRole('button', { name: /\w/ }).last().click();
  await page.getByRole('menuitemradio', { name: 'English' }).click();
}

async function open(page: Page, path: string, heading: string | RegExp) {
  await page.goto(path);
  await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
}

async function shoot(page: Page, name: string) {
  await expectAccessible(page);
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

test.describe('correspondants: telling employees apart, exports, states', () => {
  test('a group filters its participants by company, the list matching the API', async ({ page }) => {
    test.setTimeout(120_000);
    await page.setViewportSize(DESKTOP);
    const token = await apiToken(page.request, 'corr.groupe');
    await signIn(page, 'corr.groupe', { correspondant: true });
    await open(page, '/adherentsCorrespondant', 'Participants');
    const grid = page.getByRole('grid', { name: 'Participants' });
    await expect(grid.getByRole('columnheader', { name: 'Entreprise' })).toBeVisible();
    await expect(grid.getByRole('columnheader', { name: 'Établissement' })).toBeVisible();
    await shoot(page, 'participants-fr-1366');

    await page.getByRole('combobox', { name: 'Entreprise' }).click();
    const option = page.getByRole('option').nth(1);
    const company = (await option.textContent()) ?? '';
    const answered = page.waitForResponse(
      (response) =>
        response.url().includes('/api/adherentsCorrespondant') && response.url().includes('idEntreprise='),
    );
    await option.click();
    const reply = await answered;
    const idEntreprise = new URL(reply.url()).searchParams.get('idEntreprise') ?? '';
    const api = await page.request.get('/api/adherentsCorrespondant', {
      headers: { Authorization: `Bearer ${token}` },
      params: { idEntreprise, size: 100 },
    });
    const body = (await api.json()) as { items: { raisonSocialeEntreprise: string }[]; totalRows: number };
    expect(body.totalRows).toBeGreaterThan(0);
    expect(body.items.every((row) => row.raisonSocialeEntreprise === company)).toBe(true);
    await expect(page.getByText(`1–${Math.min(15, body.totalRows)} sur ${body.totalRows}`)).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`entreprise=${idEntreprise}`));
    // Only that company's establishments are offered.
    await page.getByRole('combobox', { name: 'Établissement' }).click();
    await expect(page.getByRole('option').first()).toHaveText('Tous les établissements');
    await page.keyboard.press('Escape');

    await toEnglish(page);
    await expect(page.getByRole('combobox', { name: 'Company' })).toBeVisible();
    await shoot(page, 'participants-en-1366');
    await page.setViewportSize(PHONE);
    await shoot(page, 'participants-en-375');
  });

  test('an establishment correspondant is offered neither filter nor column', async ({ page }) => {
    await page.setViewportSize(DESKTOP);
    await signIn(page, 'corr.etablissement', { correspondant: true });
    await open(page, '/adherentsCorrespondant', 'Participants');
    await expect(page.getByRole('grid', { name: 'Participants' }).getByRole('row').nth(1)).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Entreprise' })).toHaveCount(0);
    await expect(page.getByRole('columnheader', { name: 'Établissement' })).toHaveCount(0);
  });

  test('the check-up export takes what the form shows, refuses an invalid range, and is named in the interface language', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await page.setViewportSize(DESKTOP);
    await signIn(page, 'corr.groupe', { correspondant: true });
    await open(page, '/bilansCorrespondant', 'Bilans');
    await expect(page.getByRole('combobox', { name: 'Entreprise' })).toBeVisible();
    await shoot(page, 'checkups-fr-1366');

    // A state chosen but not searched: the file and the list both take it.
    await page.getByRole('combobox', { name: 'État du bilan' }).click();
    await page.getByRole('option', { name: 'Clôturé', exact: true }).click();
    const downloading = page.waitForEvent('download');
    const exported = page.waitForRequest((request) => request.url().endsWith('/api/excel-participant-bilan'));
    await page.getByRole('button', { name: 'Exporter en Excel' }).click();
    expect((await exported).postDataJSON()).toMatchObject({ etatBilan: 'CLOTURE', langue: 'fr_FR' });
    expect((await downloading).suggestedFilename()).toMatch(/^Bilans \d{4}-\d{2}-\d{2}\.xlsx$/);
    await expect(page).toHaveURL(/etatBilan=CLOTURE/);

    // An end before the start: its message, and no request for a file.
    let asked = false;
    page.on('request', (request) => {
      if (request.url().includes('/api/excel-')) asked = true;
    });
    const end = page.getByRole('group', { name: /^Date de fin/ });
    await end.getByRole('spinbutton').first().click();
    await page.keyboard.type('01012000');
    await page.getByRole('button', { name: 'Exporter en Excel' }).click();
    await expect(page.getByText('La date de fin ne peut pas précéder la date de début')).toBeVisible();
    expect(asked).toBe(false);
    await page.setViewportSize(PHONE);
    await shoot(page, 'checkups-fr-375-invalid');

    await page.setViewportSize(DESKTOP);
    await open(page, '/bilansCorrespondant', 'Bilans');
    await toEnglish(page);
    const english = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export to Excel' }).click();
    expect((await english).suggestedFilename()).toMatch(/^Check-ups \d{4}-\d{2}-\d{2}\.xlsx$/);
    await shoot(page, 'checkups-en-1366');
  });
});

import { readFile } from 'node:fs/promises';
import { expect, type Page } from '@playwright/test';
import ICAL from 'ical.js';
import { signIn, test } from './support';

/**
 * Issue 18, "English is English" and "names are written one way everywhere": after switching the
 * interface to English, what the server writes for participant.dmc (not English-only) is English too,
 * toasts follow the switch, physicians are LAST NAME First name, and an address keeps its French
 * street type. On a phone, the open side menu is never under a toast.
 */

/**
 * Switches to English from the account menu. Clicks are dispatched, not made with the mouse: a toast
 * under the pointer stays (notistack pauses it on hover) for as long as the test looks at it.
 */
async function toEnglish(page: Page) {
  await page.getByRole('banner').getByRole('button', { name: /\w/ }).last().dispatchEvent('click');
  await page.getByRole('menuitemradio', { name: 'English' }).dispatchEvent('click');
  await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeVisible();
}

test.describe('server-written text in the interface language', () => {
  test('the sign-in toast turns English with the interface', async ({ page }) => {
    await signIn(page, 'participant.dmc');
    const toast = page.getByText('Vous êtes connecté.');
    await toast.hover();
    await toEnglish(page);
    await expect(page.getByText('You are signed in.')).toBeVisible();
    await expect(toast).toHaveCount(0);
  });

  test('the .ics is named, titled and described in English, the physicians LAST NAME First name', async ({
    page,
  }) => {
    await signIn(page, 'participant.dmc');
    await toEnglish(page);
    await page.goto('/participant/mesrendezvous');
    const grid = page.getByRole('grid', { name: 'Upcoming appointments' });
    const download = grid.getByRole('button', { name: /^Download the calendar file/ }).first();
    await expect(download).toBeVisible();
    const downloading = page.waitForEvent('download');
    await download.click();
    const file = await downloading;
    expect(file.suggestedFilename()).toMatch(/^Appointment \d{4}-\d{2}-\d{2}\.ics$/);
    const path = await file.path();
    const vevent = new ICAL.Component(ICAL.parse(await readFile(path, 'utf8'))).getFirstSubcomponent(
      'vevent',
    );
    if (!vevent) throw new Error('no VEVENT');
    const event = new ICAL.Event(vevent);
    expect(event.summary).not.toMatch(/[éè]|Consultation médicale|Examens/);
    const lines = (event.description ?? '').split('\n').filter(Boolean);
    expect(lines.length).toBeGreaterThan(0);
    for (const line of lines)
      expect(line).toMatch(/^(Cardiologist|Internist|Gynaecologist) : Dr \p{Lu}[\p{Lu}'’ -]* \p{Lu}\p{Ll}/u);
    // The screen and the Google Calendar link write the names the same way.
    const google = grid.getByRole('link', { name: /^Add to Google Calendar/ }).first();
    const details = new URL((await google.getAttribute('href')) ?? '').searchParams.get('details') ?? '';
    for (const line of details.split('\n'))
      expect(line).toMatch(/^(Cardiologist|Internist|Gynaecologist): Dr \p{Lu}[\p{Lu}'’ -]* \p{Lu}\p{Ll}/u);
  });

  test('an advice sheet is saved under its English title', async ({ page }) => {
    await signIn(page, 'participant.dmc');
    await toEnglish(page);
    await page.goto('/fiche/liste');
    const button = page.getByRole('button', { name: 'Download “A balanced diet”' });
    const downloading = page.waitForEvent('download');
    await button.click();
    expect((await downloading).suggestedFilename()).toBe('A balanced diet.pdf');
  });

  test('a document is titled and saved in English', async ({ page }) => {
    await signIn(page, 'participant.dmc');
    await toEnglish(page);
    await page.goto('/document/courrier');
    const title = page.getByText(/^(Results letter|Invitation letter) of \d{2}\/\d{2}\/\d{4}$/).first();
    await expect(title).toBeVisible();
    await expect(page.getByText(/Courrier de résultats|Courrier de convocation/)).toHaveCount(0);
  });

  test('the details page writes the street type as the address has it, in French', async ({ page }) => {
    await signIn(page, 'participant.dmc');
    await toEnglish(page);
    const record = page.waitForResponse((r) => r.url().includes('/api/participant/mescoordonnees'));
    const streetTypes = page.waitForResponse((r) => r.url().includes('/api/enum/typeVoie'));
    await page.goto('/participant/mescoordonnees');
    const { adresse } = (await (await record).json()) as {
      adresse: { numeroVoie: string | null; typeVoie: number | null; nomVoie: string | null };
    };
    const items = (await (await streetTypes).json()) as {
      id: number;
      label: string;
      labelEn: string | null;
    }[];
    const type = items.find((item) => item.id === adresse.typeVoie);
    if (!type) throw new Error('participant.dmc has no street type');
    const street = [adresse.numeroVoie, type.label, adresse.nomVoie].filter(Boolean).join(' ');
    await expect(page.getByText(street, { exact: true })).toBeVisible();
    if (type.labelEn && type.labelEn !== type.label)
      await expect(
        page.getByText([adresse.numeroVoie, type.labelEn, adresse.nomVoie].filter(Boolean).join(' ')),
      ).toHaveCount(0);
  });
});

test.describe('toasts on a phone', () => {
  test('opening the side menu closes the toast, so none covers a menu entry', async ({ page }) => {
    // The shared sign-in waits for the docked menu of a large screen: a phone from just after it, while
    // the sign-in toast (4 s) is still up.
    await signIn(page, 'participant.dmc');
    await page.setViewportSize({ width: 375, height: 812 });
    const toast = page.getByText('Vous êtes connecté.');
    await toast.hover();
    await page.getByRole('button', { name: 'Afficher ou masquer le menu' }).dispatchEvent('click');
    const first = page.getByRole('navigation', { name: 'Menu principal' }).getByRole('link').first();
    await expect(first).toBeVisible();
    await expect(toast).toHaveCount(0);
    // The first entry takes the click itself: nothing lies over it.
    await first.click({ trial: true, timeout: 2000 });
  });
});

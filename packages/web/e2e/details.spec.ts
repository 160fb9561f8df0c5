import { mkdir } from 'node:fs/promises';
import { expect, type Locator, type Page } from '@playwright/test';
import { enterSignInCode, expectAccessible, fillLogin, lastOutboxId, test } from './support';

/** The "details that confuse" of issue 18, seen in the browser at a phone's size and a laptop's. */

const SHOTS = process.env.SHOTS_DIR ?? '';
const SIZES = [
  { name: 'phone', width: 375, height: 812 },
  { name: 'laptop', width: 1366, height: 768 },
] as const;

/** A screenshot for the person reviewing the screens, when SHOTS_DIR is set. */
async function shot(page: Page, name: string) {
  if (!SHOTS) return;
  await mkdir(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: false });
}

async function toEnglish(page: Page) {
  await page.getByRole('banner').getByRole('button', { name: /\w/ }).last().click();
  await page.getByRole('menuitemradio', { name: 'English' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', /en/);
}

function boxesOverlap(a: { x: number; y: number; width: number; height: number }, b: typeof a) {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

/** The keyboard focus ring of the theme: a solid blue outline. */
async function focusRing(locator: Locator) {
  return locator.evaluate((element) => {
    const style = getComputedStyle(element);
    return `${style.outlineStyle} ${style.outlineColor}`;
  });
}

/** Tabs forward until `target` has the focus (at most 40 presses). */
async function tabTo(page: Page, target: Locator) {
  for (let i = 0; i < 40; i++) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error('never reached by Tab');
}

for (const size of SIZES) {
  test.describe(`at ${size.width}×${size.height}`, () => {
    test.use({ viewport: { width: size.width, height: size.height } });

    test('a participant: code resend counted down, toasts under the app bar, one details page', async ({
      page,
    }) => {
      const before = await lastOutboxId(page.request);
      await fillLogin(page, 'participant.dmc');
      await expect(page).toHaveURL(/\/user\/confirm/);
      // The code has just been sent: asking again is refused for a minute, counted down beside the link.
      const resend = page.getByRole('button', { name: 'Renvoyer le code' });
      await resend.click();
      await expect(page.getByText(/^\(nouveau code possible dans \d+ s\)$/).first()).toBeVisible();
      await expect(resend).toBeDisabled();
      await shot(page, `confirm-countdown-fr-${size.name}`);
      await expectAccessible(page);
      await enterSignInCode(page, before);
      await expect(page).toHaveURL(/\/home/);

      // The toast shows under the app bar, over no button.
      const toast = page.getByText('Vous êtes connecté.');
      await expect(toast).toBeVisible();
      // Under the pointer a toast stays (notistack pauses its timer), so it can be measured at leisure.
      await toast.hover();
      const header = await page.getByRole('banner').boundingBox();
      const toastBox = await toast.boundingBox();
      expect(toastBox && header && toastBox.y >= header.y + header.height).toBe(true);
      for (const button of await page.getByRole('button').all()) {
        const box = await button.boundingBox();
        if (box && toastBox)
          expect(boxesOverlap(box, toastBox), (await button.textContent()) ?? '').toBe(false);
      }
      await shot(page, `home-toast-fr-${size.name}`);

      // One place for the record and the account settings; the old address leads there.
      await page.goto('/participant/mescoordonnees');
      await expect(page).toHaveURL(/\/mescoordonnees\?onglet=dossier$/);
      await expect(page.getByRole('region', { name: 'Identité' })).toBeVisible();
      await shot(page, `details-record-fr-${size.name}`);
      await expectAccessible(page);

      // Keyboard focus is plainly visible on a tab (the selected one is the tablist's stop).
      const record = page.getByRole('tab', { name: 'Mon dossier' });
      await tabTo(page, record);
      expect(await focusRing(record)).toBe('solid rgb(21, 101, 192)');
      await shot(page, `details-tab-focus-fr-${size.name}`);

      // A page that does not exist keeps the menu (on a phone, its button).
      await page.goto('/nulle-part');
      await expect(page.getByRole('heading', { name: 'Ressource non trouvée' })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Afficher ou masquer le menu' })).toBeVisible();
      await shot(page, `not-found-fr-${size.name}`);
      await expectAccessible(page);

      await page.goto('/mescoordonnees');
      await toEnglish(page);
      await expect(page.getByRole('tab', { name: 'My record' })).toHaveAttribute('aria-selected', 'true');
      await shot(page, `details-record-en-${size.name}`);
      await expectAccessible(page);
      await page.goto('/nulle-part');
      await expect(page.getByRole('heading', { name: 'Resource not found' })).toBeVisible();
      await shot(page, `not-found-en-${size.name}`);
    });

    test('an administrator: what they can do, and focus back on the button that opened a dialog', async ({
      page,
    }) => {
      // On a phone the menu is folded away: the home page itself says the sign-in went through.
      const before = await lastOutboxId(page.request);
      await fillLogin(page, 'admin');
      await expect(page).toHaveURL(/\/user\/confirm/);
      await enterSignInCode(page, before);
      await expect(page).toHaveURL(/\/home$/);
      const card = page.getByRole('region', { name: 'Votre espace administrateur' });
      await expect(
        card.getByRole('link', { name: 'Lire la politique de protection des données' }),
      ).toBeVisible();
      await shot(page, `admin-home-fr-${size.name}`);
      await expectAccessible(page);

      await card.getByRole('link', { name: /changer votre mot de passe/ }).click();
      const change = page.getByRole('button', { name: 'Changer le mot de passe' });
      await tabTo(page, change);
      expect(await focusRing(change)).toBe('solid rgb(21, 101, 192)');
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('dialog');
      await expect(dialog).toBeVisible();
      await shot(page, `admin-password-dialog-fr-${size.name}`);
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
      await expect(change).toBeFocused();

      await page.goto('/politiqueProtectionDonnees');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expectAccessible(page);

      await page.goto('/home');
      await toEnglish(page);
      await expect(page.getByRole('region', { name: 'Your administrator area' })).toBeVisible();
      await shot(page, `admin-home-en-${size.name}`);
      await expectAccessible(page);
    });
  });
}

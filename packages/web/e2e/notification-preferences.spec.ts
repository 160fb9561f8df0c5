import { expect, type Page } from '@playwright/test';
import { expectAccessible, expectNoSidewaysScroll, signIn, tabTo, test } from './support';

/**
 * Issue 23, notification preferences (docs/notifications-and-delivery.md#preferences): in "Mes
 * coordonnées", a Notifications tab lists each subject by channel as labelled boxes, explains the quiet
 * hours and saves; keyboard, French and English, 1280 px and 390 px. participant.refus and
 * corr.entreprise: the choices changed are put back.
 */

/** Switches to English from the account menu (a toast may cover the menu: the click is dispatched). */
async function toEnglish(page: Page) {
  await page.getByRole('banner').getByRole('button', { name: /\w/ }).last().dispatchEvent('click');
  await page.getByRole('menuitemradio', { name: 'English' }).dispatchEvent('click');
}

test.describe('notification preferences', () => {
  test('a participant turns text messages on for new documents with the keyboard, and it stays saved', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await signIn(page, 'participant.refus');
    await page.goto('/mescoordonnees?onglet=notifications');
    await expect(page.getByRole('tab', { name: 'Notifications' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByText(/entre 21 h et 8 h \(heure de Paris\)/)).toBeVisible();
    const sms = page.getByRole('checkbox', { name: 'Nouveaux documents par sms' });
    await expect(sms).not.toBeChecked();
    await expect(page.getByRole('checkbox', { name: 'Nouveaux documents par e-mail' })).toBeChecked();
    await expectAccessible(page);

    await tabTo(page, sms);
    await page.keyboard.press('Space');
    await expect(sms).toBeChecked();
    const save = page.getByRole('button', { name: 'Enregistrer mes choix' });
    await tabTo(page, save);
    await page.keyboard.press('Enter');
    await expect(page.getByText('Vos choix de notifications sont enregistrés.')).toBeVisible();
    // Saved, nothing left to save: the button says so but keeps the keyboard focus.
    await expect(save).toBeDisabled();
    await expect(save).toBeFocused();
    await page.reload();
    await expect(page.getByRole('checkbox', { name: 'Nouveaux documents par sms' })).toBeChecked();

    // Put back as it was.
    await page.getByRole('checkbox', { name: 'Nouveaux documents par sms' }).uncheck();
    await page.getByRole('button', { name: 'Enregistrer mes choix' }).click();
    await expect(page.getByText('Vos choix de notifications sont enregistrés.').first()).toBeVisible();
  });

  test('in English on a phone (390 px) the grid reads without sideways scrolling', async ({ page }) => {
    test.setTimeout(90_000);
    await signIn(page, 'participant.refus');
    await page.goto('/mescoordonnees?onglet=notifications');
    await toEnglish(page);
    // Signed in on a wide window (the phone's menu is behind its button), then read on a phone.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await expect(
      page.getByRole('checkbox', { name: 'Reminder 48 hours before an appointment by text message' }),
    ).toBeVisible();
    await expect(page.getByText(/between 9 pm and 8 am \(Paris time\)/)).toBeVisible();
    await expectNoSidewaysScroll(page);
    await expectAccessible(page);
  });

  test('a correspondant chooses for transfers only, by mail', async ({ page }) => {
    await signIn(page, 'corr.entreprise', { correspondant: true });
    await page.goto('/mescoordonnees?onglet=notifications');
    const transfers = page.getByRole('checkbox', {
      name: 'Transferts demandés, acceptés ou annulés dans votre périmètre par e-mail',
    });
    await expect(transfers).toBeChecked();
    await expect(page.getByRole('checkbox')).toHaveCount(1);
    await expectAccessible(page);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await expect(transfers).toBeVisible();
    await expectNoSidewaysScroll(page);
    await expectAccessible(page);
  });
});

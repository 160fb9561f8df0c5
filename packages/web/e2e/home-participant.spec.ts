import { expect, type Locator, type Page } from '@playwright/test';
import { expectAccessible, signIn, test } from './support';

/**
 * The participant's home (docs/participants.md#detail, docs/home.md#withdrawal-consent, docs/home.md#mammogram): the check-up card with its visits, the withdrawal
 * consent (put back on a server warning), the last mammogram's date, and activating the record.
 */

const CONSENT = /J'accepte d'être contacté\(e\)/;

/** Presses Tab until `target` has the focus: the action is reachable from the keyboard. */
async function tabTo(page: Page, target: Locator, max = 60) {
  for (let i = 0; i < max; i += 1) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error('not reachable with Tab');
}

const checkupCard = (page: Page) => page.getByRole('region', { name: 'Mon bilan en cours' });

async function typeDay(page: Page, ddmmyyyy: string) {
  const group = page.getByRole('dialog').getByRole('group', { name: /^Date de la dernière mammographie/ });
  await group.getByRole('spinbutton', { name: 'Jour' }).click();
  await page.keyboard.type(ddmmyyyy);
}

async function clearDay(page: Page) {
  const group = page.getByRole('dialog').getByRole('group', { name: /^Date de la dernière mammographie/ });
  await group.getByRole('spinbutton', { name: 'Jour' }).click();
  for (const _ of [1, 2, 3]) {
    await page.keyboard.press('Backspace');
    await page.keyboard.press('ArrowRight');
  }
}

test.describe('participant home', () => {
  test('participant.dmc sees the check-up in progress and ticks and unticks the consent', async ({
    page,
  }) => {
    await signIn(page, 'participant.dmc');
    const card = checkupCard(page);
    await expect(card).toBeVisible();
    for (const heading of [
      'Visite 1 : Examens biologiques et techniques',
      'Visite 2 : Consultation médicale',
      'Visite 3 : Consultation de synthèse',
      'Mammographie',
      'Ostéopathie',
    ]) {
      await expect(card.getByRole('heading', { name: heading, level: 3 })).toBeVisible();
    }
    await expect(card.getByText(/^Le \d{2}\/\d{2}\/\d{4} à \d{2}:\d{2}$/).first()).toBeVisible();
    await expect(card.getByText('Durée prévue : 2 h 00')).toBeVisible();
    await expect(card.getByText('Réalisée').first()).toBeVisible();
    await expect(card.getByText('Planifiée').first()).toBeVisible();
    await expectAccessible(page);

    const box = card.getByRole('checkbox', { name: CONSENT });
    await expect(box).not.toBeChecked();
    await tabTo(page, box);
    await page.keyboard.press('Space');
    await expect(page.getByText('Votre choix concernant les désistements a été enregistré.')).toBeVisible();
    await expect(box).toBeChecked();
    await page.reload();
    await expect(checkupCard(page).getByRole('checkbox', { name: CONSENT })).toBeChecked();
    await checkupCard(page).getByRole('checkbox', { name: CONSENT }).click();
    await expect(checkupCard(page).getByRole('checkbox', { name: CONSENT })).not.toBeChecked();
    await expect(checkupCard(page).getByRole('checkbox', { name: CONSENT })).toBeEnabled();
    await page.reload();
    await expect(checkupCard(page).getByRole('checkbox', { name: CONSENT })).not.toBeChecked();
  });

  test('participant.dmc records the last mammogram date, never a future one', async ({ page }) => {
    await signIn(page, 'participant.dmc');
    const open = checkupCard(page).getByRole('button', { name: 'Date de ma dernière mammographie' });
    await tabTo(page, open);
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Ma dernière mammographie' });
    await expect(dialog).toBeVisible();
    const save = dialog.getByRole('button', { name: 'Enregistrer' });
    const input = dialog.locator('input[name="date"]');

    await clearDay(page);
    await expect(input).toHaveValue('');
    await expect(save).toBeDisabled();

    // Tomorrow as the browser sees it (Europe/Paris), not as this process does: between 23:00 and
    // midnight UTC the two calendars are a day apart.
    const [year, month, dayOfMonth] = new Date()
      .toLocaleDateString('en-CA', { timeZone: 'Europe/Paris' })
      .split('-')
      .map(Number);
    const tomorrow = new Date(Date.UTC(year ?? 0, (month ?? 1) - 1, (dayOfMonth ?? 1) + 1));
    const future = [tomorrow.getUTCDate(), tomorrow.getUTCMonth() + 1]
      .map((n) => String(n).padStart(2, '0'))
      .concat(String(tomorrow.getUTCFullYear()))
      .join('');
    await typeDay(page, future);
    await expect(dialog.getByText("La date ne peut pas être postérieure à aujourd'hui")).toBeVisible();
    await expect(save).toBeDisabled();
    // The calendar (open on this month) does not offer tomorrow either, when tomorrow is in it.
    if (tomorrow.getUTCMonth() + 1 === month) {
      await dialog.getByRole('button', { name: /^Choisir la date/ }).click();
      const day = page.getByRole('gridcell', { name: String(tomorrow.getUTCDate()), exact: true });
      await expect(day).toBeDisabled();
      await page.keyboard.press('Escape');
    }

    await clearDay(page);
    await typeDay(page, '14052024');
    await expect(input).toHaveValue('14/05/2024');
    await expect(save).toBeEnabled();
    await expectAccessible(page);
    await save.click();
    await expect(page.getByText('La date de votre dernière mammographie a été enregistrée.')).toBeVisible();
    await expect(dialog).toBeHidden();
    // Issue 18: the focus is back on the button that opened the dialog, saved or cancelled.
    await expect(open).toBeFocused();

    await page.keyboard.press('Enter');
    await expect(dialog.locator('input[name="date"]')).toHaveValue('14/05/2024');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(open).toBeFocused();
  });

  test('participant.visites: the consent is closed with its reason, no mammogram entry for a man; activating the record says what it means first', async ({
    page,
  }) => {
    await signIn(page, 'participant.visites');
    const menu = page.getByRole('navigation', { name: 'Menu principal' });
    await expect(menu.getByRole('link', { name: "Résultats d'analyses" })).toHaveCount(0);
    const card = checkupCard(page);
    await expect(card.getByText('Réalisée').first()).toBeVisible();
    await expect(card.getByText('Planifiée')).toHaveCount(0);
    // Every visit is behind: the box is not offered, and the screen says why.
    const box = card.getByRole('checkbox', { name: CONSENT });
    await expect(box).not.toBeChecked();
    await expect(box).toBeDisabled();
    await expect(box).toHaveAccessibleDescription(
      'Toutes les visites de votre bilan ont eu lieu : ce choix ne s’applique plus.',
    );
    // A male record: the last-mammogram entry does not concern him.
    await expect(card.getByRole('heading', { name: /^Visite 3/ })).toBeVisible();
    await expect(card.getByRole('button', { name: 'Date de ma dernière mammographie' })).toHaveCount(0);

    const record = page.getByRole('region', { name: 'Mon dossier médical en ligne' });
    await expect(record).toBeVisible();
    await expectAccessible(page);
    const activate = record.getByRole('button', { name: 'Activer mon dossier médical' });
    await tabTo(page, activate);
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Activer votre dossier médical en ligne ?' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText(/vous pouvez retirer cet accord à tout moment/)).toBeVisible();
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Annuler' }).click();
    await expect(dialog).toBeHidden();
    await expect(menu.getByRole('link', { name: "Résultats d'analyses" })).toHaveCount(0);

    await activate.click();
    await dialog.getByRole('button', { name: 'J’accepte' }).click();
    await expect(page.getByText('Votre dossier médical en ligne est activé', { exact: false })).toBeVisible();
    await expect(menu.getByRole('link', { name: "Résultats d'analyses" })).toBeVisible();
    await expect(record).toBeHidden();
    // The button that opened the dialog is gone: focus goes to the card that replaced it, not to
    // the page (issue 18).
    await expect(page.getByRole('heading', { name: 'Nouveaux documents', level: 2 })).toBeFocused();
    // The principal stays fresh across a reload (the server reloaded the session's profile).
    await page.reload();
    await expect(menu.getByRole('link', { name: "Résultats d'analyses" })).toBeVisible();
  });

  test('participant.test1 withdraws the record from My details after its confirmation, then accepts it again', async ({
    page,
  }) => {
    await signIn(page, 'participant.test1');
    const menu = page.getByRole('navigation', { name: 'Menu principal' });
    await expect(menu.getByRole('link', { name: "Résultats d'analyses" })).toBeVisible();
    await page.goto('/participant/mescoordonnees');
    const record = page.getByRole('region', { name: 'Mon dossier médical en ligne' });
    await expect(record.getByText(/Votre dossier médical en ligne est activé/)).toBeVisible();
    const withdraw = record.getByRole('button', { name: 'Retirer mon accord' });
    await withdraw.click();
    const dialog = page.getByRole('dialog', { name: 'Retirer votre accord au dossier médical en ligne ?' });
    await expect(dialog.getByText(/rien n’est supprimé/)).toBeVisible();
    await expectAccessible(page);
    await page.setViewportSize({ width: 375, height: 812 });
    await expectAccessible(page);
    await page.setViewportSize({ width: 1366, height: 768 });
    await dialog.getByRole('button', { name: 'Annuler' }).click();
    await expect(dialog).toBeHidden();
    await expect(menu.getByRole('link', { name: "Résultats d'analyses" })).toBeVisible();

    await withdraw.click();
    await dialog.getByRole('button', { name: 'Retirer mon accord' }).click();
    await expect(page.getByText(/Vous avez retiré votre accord au dossier médical en ligne/)).toBeVisible();
    await expect(menu.getByRole('link', { name: "Résultats d'analyses" })).toHaveCount(0);
    await expect(record.getByText(/Vous avez refusé le dossier médical en ligne/)).toBeVisible();
    // The documents' own address is closed too: access denied, back home.
    await page.goto('/document/resultatsAnalyses');
    await expect(page).toHaveURL(/\/home$/);

    await page.goto('/participant/mescoordonnees');
    await record.getByRole('button', { name: 'Activer mon dossier médical' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'J’accepte' }).click();
    await expect(menu.getByRole('link', { name: "Résultats d'analyses" })).toBeVisible();
    await expect(record.getByRole('button', { name: 'Retirer mon accord' })).toBeVisible();
  });

  test('when the home detail cannot be read, each card that depends on it says so with Retry; the others stay (issue 18)', async ({
    page,
  }) => {
    await page.route('**/api/get-detail-accueil?*', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{}' }),
    );
    await signIn(page, 'participant.dmc');
    const checkup = checkupCard(page);
    const documents = page.getByRole('region', { name: 'Nouveaux documents' });
    await expect(checkup.getByRole('alert')).toContainText('Ces informations n');
    await expect(checkup.getByRole('button', { name: 'Réessayer' })).toBeVisible();
    await expect(documents.getByRole('alert')).toContainText(
      'Vos nouveaux documents n’ont pas pu être chargés.',
    );
    await expect(documents.getByRole('button', { name: 'Réessayer' })).toBeVisible();
    // Nothing listed: nothing to send.
    await expect(documents.getByRole('button', { name: /^Envoyer/ })).toHaveCount(0);
    await expect(page.getByRole('region', { name: 'Votre compte' })).toBeVisible();
    await expectAccessible(page);

    await page.unroute('**/api/get-detail-accueil?*');
    await documents.getByRole('button', { name: 'Réessayer' }).click();
    await expect(checkup.getByRole('alert')).toHaveCount(0);
    await expect(documents.getByRole('alert')).toHaveCount(0);
    await expect(documents.getByRole('button', { name: /^Envoyer/ })).toBeVisible();
  });

  test('participant.sansdmc: the medical record card does not depend on the home detail and stays when it fails', async ({
    page,
  }) => {
    await page.route('**/api/get-detail-accueil?*', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{}' }),
    );
    await signIn(page, 'participant.sansdmc');
    await expect(checkupCard(page).getByRole('button', { name: 'Réessayer' })).toBeVisible();
    const record = page.getByRole('region', { name: 'Mon dossier médical en ligne' });
    await expect(record.getByRole('button', { name: 'Activer mon dossier médical' })).toBeVisible();
  });
});

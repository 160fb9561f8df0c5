import { expect } from '@playwright/test';
import { expectAccessible, signIn, test } from './support';

/** Own details (000 §2.2, §7): a participant's own record, read-only; an admin has none. */

test.describe('own details', () => {
  test('a participant reads their own record', async ({ page }) => {
    await signIn(page, 'participant.dmc');
    await page
      .getByRole('navigation', { name: 'Menu principal' })
      .getByRole('link', { name: 'Mes informations', exact: true })
      .click();
    await expect(page.getByRole('heading', { name: 'Mes informations', level: 1 })).toBeVisible();
    const identity = page.getByRole('region', { name: 'Identité' });
    await expect(identity.getByText('MARTIN', { exact: true })).toBeVisible();
    await expect(identity.getByText('Camille', { exact: true })).toBeVisible();
    await expect(page.getByText('participant.dmc@example.com')).toBeVisible();
    await expect(page.getByRole('region', { name: 'Adresse' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Rattachement et bilan' })).toBeVisible();
    await expectAccessible(page);
  });

  test('an admin, who has no participant record, is told so with their account', async ({ page }) => {
    await signIn(page, 'admin');
    await page.goto('/participant/mescoordonnees');
    await expect(page.getByRole('heading', { name: 'Mes informations', level: 1 })).toBeVisible();
    await expect(page.getByRole('alert').filter({ hasText: "n'est rattaché à aucun dossier" })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Mon compte' })).toBeVisible();
    await expectAccessible(page);
  });
});

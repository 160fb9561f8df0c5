import { expect } from '@playwright/test';
import { expectAccessible, signIn, test } from './support';

/** Own details (docs/personal-details.md#administrators, docs/interface-conventions.md#server-messages): a participant's own record, read-only; an admin has none. */

test.describe('own details', () => {
  test('a participant reads their own record in the first tab of their one details page', async ({
    page,
  }) => {
    await signIn(page, 'participant.dmc');
    const menu = page.getByRole('navigation', { name: 'Menu principal' });
    // One entry, one page (issue 18): no separate "Mes informations".
    await expect(menu.getByRole('link', { name: 'Mes informations', exact: true })).toHaveCount(0);
    await menu.getByRole('link', { name: 'Mes coordonnées', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Mes coordonnées', level: 1 })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Mon dossier' })).toHaveAttribute('aria-selected', 'true');
    const identity = page.getByRole('region', { name: 'Identité' });
    await expect(identity.getByText('MARTIN', { exact: true })).toBeVisible();
    await expect(identity.getByText('Camille', { exact: true })).toBeVisible();
    await expect(page.getByText('participant.dmc@example.com')).toBeVisible();
    await expect(page.getByRole('region', { name: 'Adresse' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Rattachement et bilan' })).toBeVisible();
    await expectAccessible(page);
    // The former address leads to the same place.
    await page.goto('/participant/mescoordonnees');
    await expect(page).toHaveURL(/\/mescoordonnees\?onglet=dossier$/);
    await expect(page.getByRole('tab', { name: 'Mon dossier' })).toHaveAttribute('aria-selected', 'true');
  });

  test('an admin, who has no participant record, is told so with their account', async ({ page }) => {
    await signIn(page, 'admin');
    await page.goto('/participant/mescoordonnees');
    await expect(page.getByRole('heading', { name: 'Mes informations', level: 1 })).toBeVisible();
    await expect(page.getByRole('alert').filter({ hasText: "n'est rattaché à aucun dossier" })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Mon compte' })).toBeVisible();
    // Their own password and secret question (issue 18).
    await expect(page.getByRole('button', { name: 'Changer le mot de passe' })).toBeVisible();
    await expectAccessible(page);
  });
});

import { expect, type Page } from '@playwright/test';
import { apiToken, listParticipants } from './participants-api';
import { expectAccessible, signIn, test } from './support';

async function openList(page: Page) {
  await page
    .getByRole('navigation', { name: 'Menu principal' })
    .getByRole('link', { name: 'Liste des participants' })
    .click();
  await expect(page.getByRole('heading', { name: 'Liste des participants', level: 1 })).toBeVisible();
}

const grid = (page: Page) => page.getByRole('grid', { name: 'Participants' });
const dataRows = (page: Page) =>
  grid(page)
    .getByRole('row')
    .filter({ has: page.getByRole('gridcell') });

test.describe('participant list', () => {
  test('an establishment correspondant searches and pages through the list, and comes back to it', async ({
    page,
  }) => {
    const token = await apiToken(page.request, 'corr.etablissement');
    const active = await listParticipants(page.request, token);
    const everyone = await listParticipants(page.request, token, { actif: false });
    expect(active.totalRows).toBeGreaterThan(15);

    await signIn(page, 'corr.etablissement', { correspondant: true });
    await openList(page);
    // Other specs create and terminate participants of this establishment meanwhile (a burst of a
    // dozen during the sign-in was seen): the total shown lies between the API's totals read before
    // and after the screen's own, give or take what they do in between.
    const shown = page.getByText(/^1–15 sur \d+$/);
    await expect(shown).toBeVisible();
    const total = Number((await shown.textContent())?.split(' ').pop());
    const after = (await listParticipants(page.request, token)).totalRows;
    expect(total).toBeGreaterThanOrEqual(Math.min(active.totalRows, after) - 3);
    expect(total).toBeLessThanOrEqual(Math.max(active.totalRows, after) + 3);
    await expect(dataRows(page)).toHaveCount(15);
    await expectAccessible(page);

    await page.getByRole('button', { name: 'Aller à la page suivante' }).click();
    await expect(page.getByText(/^16–\d+ sur \d+$/)).toBeVisible();
    await expect(page).toHaveURL(/page=1/);

    // Searching goes back to the first page; the text is trimmed.
    const target = active.items.find((row) => row.id > 9) ?? active.items[0];
    if (!target) throw new Error('no participant');
    await page.getByRole('textbox', { name: 'Nom', exact: true }).fill(`  ${target.nom.toLowerCase()}  `);
    await expect(page).toHaveURL(new RegExp(`nom=${encodeURIComponent(target.nom.toLowerCase())}`));
    await expect(page).not.toHaveURL(/page=/);
    await expect(grid(page).getByText(`${target.nom} ${target.prenom}`)).toBeVisible();
    for (const name of await dataRows(page).locator('[data-field="nom"]').allTextContents())
      expect(name.toUpperCase()).toContain(target.nom);

    await page.getByRole('textbox', { name: 'Nom', exact: true }).fill('');
    await page.getByRole('textbox', { name: 'N° de participant' }).fill(String(target.id));
    await expect(dataRows(page)).toHaveCount(1);
    await expect(page.getByText('1–1 sur 1')).toBeVisible();
    await page.getByRole('textbox', { name: 'N° de participant' }).fill('');
    await page.getByRole('textbox', { name: 'N° de participant' }).pressSequentially('1a');
    await expect(page.getByRole('textbox', { name: 'N° de participant' })).toHaveValue('1');
    await expect(page.getByRole('textbox', { name: 'N° de participant' })).toHaveAccessibleDescription(
      'Chiffres uniquement : les lettres et autres signes ne sont pas acceptés',
    );
    await page.getByRole('textbox', { name: 'N° de participant' }).fill('');

    // Everyone, terminated participants included, styled apart.
    await page.getByRole('checkbox', { name: 'Actifs uniquement' }).uncheck();
    await expect(page).toHaveURL(/actif=false/);
    const all = page.getByText(/^1–15 sur \d+$/);
    await expect(async () => {
      const everyoneShown = Number((await all.textContent())?.split(' ').pop());
      expect(Math.abs(everyoneShown - everyone.totalRows)).toBeLessThanOrEqual(10);
      expect(everyoneShown).toBeGreaterThan(total);
    }).toPass();

    // The detail, then back: the same list.
    await dataRows(page).first().click();
    await expect(page).toHaveURL(/\/adherents\/\d+$/);
    await page.goBack();
    await expect(page.getByRole('checkbox', { name: 'Actifs uniquement' })).not.toBeChecked();
    await expect(page.getByText(/^1–15 sur \d+$/)).toBeVisible();

    // Keyboard: Enter on a focused row opens it; shift+n creates.
    await dataRows(page).nth(1).getByRole('gridcell').first().focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/adherents\/\d+$/);
    await page.goBack();
    await expect(grid(page)).toBeVisible();
    await page.locator('body').press('Shift+N');
    await expect(page).toHaveURL(/\/adherents\/nouveau$/);
    await expect(page.getByRole('heading', { name: 'Nouveau participant', level: 1 })).toBeVisible();
  });

  for (const login of ['corr.entreprise', 'corr.groupe']) {
    test(`${login} sees the participants of their scope, with the check-up and transfer marks`, async ({
      page,
    }) => {
      const token = await apiToken(page.request, login);
      const active = await listParticipants(page.request, token);
      await signIn(page, login, { correspondant: true });
      await openList(page);
      // Other specs create and terminate participants of these scopes at the same time: the total is
      // the API's give or take what they do meanwhile.
      const shown = page.getByText(/^1–15 sur \d+$/);
      await expect(shown).toBeVisible();
      const total = Number((await shown.textContent())?.split(' ').pop());
      expect(Math.abs(total - active.totalRows)).toBeLessThanOrEqual(10);
      // Twenty a page.
      await page.getByRole('combobox', { name: 'Lignes par page :' }).click();
      await page.getByRole('option', { name: '20' }).click();
      await expect(page.getByText(/^1–20 sur \d+$/)).toBeVisible();
      await expect(dataRows(page)).toHaveCount(20);
      // Sorted by birth date, then back to the default order.
      await page.getByRole('columnheader', { name: 'Date de naissance' }).click();
      await expect(page).toHaveURL(/sort=dateNaissance%2CASC/);
      // The marks of the specification, named for screen readers.
      await page
        .getByRole('textbox', { name: 'N° de participant' })
        .fill(String(active.items.find((row) => row.bilanEnCours)?.id ?? ''));
      await expect(dataRows(page)).toHaveCount(1);
      await expect(grid(page).getByRole('img', { name: 'Bilan en cours' })).toBeVisible();
      const moving = active.items.find((row) => row.mutationEnCours);
      if (moving) {
        await page.getByRole('textbox', { name: 'N° de participant' }).fill(String(moving.id));
        await expect(page.getByText('1–1 sur 1')).toBeVisible();
        await expect(grid(page).getByRole('img', { name: 'Mutation en cours' })).toBeVisible();
      }
      await expect(page.getByRole('button', { name: 'Nouveau participant' })).toBeVisible();
    });
  }

  test('in English, the list is translated and accessible', async ({ page }) => {
    await signIn(page, 'corr.groupe', { correspondant: true });
    await page.getByRole('banner').getByRole('button', { name: /\w/ }).last().click();
    await page.getByRole('menuitemradio', { name: 'English' }).click();
    await page
      .getByRole('navigation', { name: 'Main menu' })
      .getByRole('link', { name: 'Participant list' })
      .click();
    await expect(page.getByRole('heading', { name: 'Participant list', level: 1 })).toBeVisible();
    await expect(page.getByRole('checkbox', { name: 'Active only' })).toBeChecked();
    await expect(page.getByRole('columnheader', { name: 'Date of birth' })).toBeVisible();
    await expect(page.getByText('Rows per page:')).toBeVisible();
    await expectAccessible(page);
  });

  test('a participant sees their own row only, and cannot create', async ({ page }) => {
    await signIn(page, 'participant.refus');
    await page.goto('/adherentsCorrespondant');
    await expect(page.getByRole('heading', { name: 'Liste des participants', level: 1 })).toBeVisible();
    await expect(dataRows(page)).toHaveCount(1);
    await expect(page.getByRole('button', { name: 'Nouveau participant' })).toHaveCount(0);
    await page.locator('body').press('Shift+N');
    await expect(page).toHaveURL(/\/adherentsCorrespondant/);
    await dataRows(page).first().click();
    await expect(page).toHaveURL(/\/adherents\/\d+$/);
    await expect(page.getByRole('button', { name: 'Enregistrer' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Résilier' })).toHaveCount(0);
    await expect(page.getByRole('textbox', { name: 'Profession' })).toBeDisabled();
  });
});

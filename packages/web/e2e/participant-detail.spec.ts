import { expect, type Page } from '@playwright/test';
import {
  apiToken,
  createParticipant,
  getJson,
  IDS,
  listParticipants,
  terminateParticipant,
  uniqueName,
  updateParticipant,
} from './participants-api';
import { expectAccessible, signIn, test } from './support';

/** Picks an item of a dropdown (MUI select) by its label. */
async function choose(page: Page, label: string, option: string) {
  await page.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** Types a date DD/MM/YYYY in a date field (its sections take the digits in turn). */
async function typeDate(page: Page, label: string, date: string) {
  await page.getByRole('group', { name: label }).getByRole('spinbutton', { name: 'Jour' }).click();
  await page.keyboard.type(date.replaceAll('/', ''));
}

const alerts = (page: Page) => page.getByRole('alert');

test.describe('participant detail', () => {
  for (const scenario of [
    {
      login: 'corr.etablissement',
      postalCode: '75008',
      locality: /paris/i,
      origin: 'Paris et région parisienne',
    },
    { login: 'corr.entreprise', postalCode: '33000', locality: /bordeaux/i, origin: 'Province' },
    { login: 'corr.groupe', postalCode: '13001', locality: /marseille/i, origin: 'Province' },
  ]) {
    test(`${scenario.login} creates a participant whose locality and origin follow the postal code`, async ({
      page,
    }) => {
      const nom = uniqueName('Creation');
      await signIn(page, scenario.login, { correspondant: true });
      await page.goto('/adherentsCorrespondant');
      await page.getByRole('button', { name: 'Nouveau participant' }).click();
      await expect(page.getByRole('heading', { name: 'Nouveau participant', level: 1 })).toBeVisible();
      await expect(page.getByRole('navigation', { name: "Fil d'Ariane" })).toHaveText(
        /Accueil.*Liste des participants.*Nouveau participant/,
      );
      // Membership dates default to today.
      const today = new Date().toLocaleDateString('fr-FR', { timeZone: 'Europe/Paris' });
      await expect(page.locator('input[name="dateAdhesion"]')).toHaveValue(today);

      await choose(page, 'Civilité', 'Madame');
      await page.getByRole('textbox', { name: 'Nom', exact: true }).fill(nom);
      await page.getByRole('textbox', { name: 'Prénom', exact: true }).fill('Élise');
      await typeDate(page, 'Date de naissance', '14/02/1979');
      await choose(page, 'Sexe', 'Féminin');
      if (scenario.login !== 'corr.etablissement') {
        await page.getByRole('combobox', { name: 'Établissement de rattachement' }).click();
        await page.getByRole('option').and(page.locator(':not([aria-disabled="true"])')).first().click();
      }
      await choose(page, 'Type de bilan', 'Bilan traditionnel');
      await typeDate(page, 'Date du prochain bilan', '01/09/2027');
      await page.getByRole('combobox', { name: 'Périodicité' }).click();
      await page.getByRole('option').first().click();
      await page.getByRole('textbox', { name: 'Nom de la voie' }).fill('rue de la Paix');
      await page.getByRole('textbox', { name: 'Code postal' }).fill(scenario.postalCode);
      await expect(page.getByRole('textbox', { name: 'Localité' })).toHaveValue(scenario.locality);
      await expect(page.getByRole('combobox', { name: 'Pays', exact: true })).toHaveValue('France');
      await expect(page.getByRole('combobox', { name: 'Provenance' })).toHaveText(scenario.origin);
      await page.getByRole('textbox', { name: 'Téléphone portable' }).fill('06 11 22 33 44');
      await page.getByRole('textbox', { name: 'Mail', exact: true }).fill(`${nom.toLowerCase()}@example.com`);
      await expectAccessible(page);

      await page.getByRole('button', { name: 'Créer le participant' }).click();
      await expect(page).toHaveURL(/\/adherents\/\d+$/);
      await expect(page.getByRole('heading', { name: `${nom.toUpperCase()} Élise`, level: 1 })).toBeVisible();
      await expect(alerts(page).filter({ hasText: 'Le participant a été créé.' })).toBeVisible();
      await expect(
        alerts(page).filter({ hasText: "Un lien d'activation de compte a été envoyé" }),
      ).toBeVisible();
      await expect(page.getByText('Actif', { exact: true })).toBeVisible();
      await expect(page.getByRole('textbox', { name: 'Localité' })).toHaveValue(scenario.locality);
    });
  }

  test('an edit is saved after the mobile check, and a modified form asks before leaving', async ({
    page,
  }) => {
    const token = await apiToken(page.request, 'corr.etablissement');
    const nom = uniqueName('Edition');
    const id = await createParticipant(page.request, token, { nom, prenom: 'Louise' });
    await signIn(page, 'corr.etablissement', { correspondant: true });
    await page.goto(`/adherents/${id}`);
    await expect(page.getByRole('heading', { name: `${nom.toUpperCase()} Louise`, level: 1 })).toBeVisible();
    await expectAccessible(page);

    // A mobile the server refuses stops the save with the specified warning.
    await page.getByRole('textbox', { name: 'Téléphone portable' }).fill('01 23');
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    const warning = page.getByRole('alertdialog', { name: 'Attention' });
    await expect(warning).toContainText("Le numéro de portable saisi n'est pas valide");
    await warning.getByRole('button', { name: 'OK' }).click();

    await page.getByRole('textbox', { name: 'Téléphone portable' }).fill('07 98 76 54 32');
    await page.getByRole('textbox', { name: 'Profession' }).fill('Architecte');
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(
      alerts(page).filter({ hasText: 'Les modifications du participant ont été enregistrées.' }),
    ).toBeVisible();
    // One confirmation of one save: no generic toast beside the server's message.
    await expect(page.getByText('Les modifications ont été enregistrées.')).toHaveCount(0);
    await page.reload();
    await expect(page.getByRole('textbox', { name: 'Profession' })).toHaveValue('Architecte');

    // Leaving a modified form asks first.
    await page.getByRole('textbox', { name: 'Profession' }).fill('Urbaniste');
    await page
      .getByRole('navigation', { name: "Fil d'Ariane" })
      .getByRole('link', { name: 'Liste des participants' })
      .click();
    const leave = page.getByRole('dialog', { name: 'Quitter sans enregistrer ?' });
    await leave.getByRole('button', { name: 'Rester sur la page' }).click();
    await expect(page).toHaveURL(new RegExp(`/adherents/${id}$`));
    await expect(page.getByRole('textbox', { name: 'Profession' })).toHaveValue('Urbaniste');
    await page
      .getByRole('navigation', { name: "Fil d'Ariane" })
      .getByRole('link', { name: 'Liste des participants' })
      .click();
    await page
      .getByRole('dialog', { name: 'Quitter sans enregistrer ?' })
      .getByRole('button', { name: 'Quitter' })
      .click();
    await expect(page).toHaveURL(/\/adherentsCorrespondant$/);
  });

  test('terminating needs a reason, then goes back to the list', async ({ page }) => {
    const token = await apiToken(page.request, 'corr.etablissement');
    const nom = uniqueName('Resiliation');
    const id = await createParticipant(page.request, token, { nom, prenom: 'Paul' });
    await signIn(page, 'corr.etablissement', { correspondant: true });
    await page.goto(`/adherentsCorrespondant?id=${id}`);
    await page.getByRole('grid', { name: 'Participants' }).getByText(`${nom.toUpperCase()} Paul`).click();
    await expect(page).toHaveURL(new RegExp(`/adherents/${id}$`));

    await page.getByRole('button', { name: 'Résilier' }).click();
    const dialog = page.getByRole('dialog', { name: 'Résilier le participant' });
    await expect(dialog.getByRole('button', { name: 'Résilier' })).toBeDisabled();
    await dialog.getByRole('combobox', { name: 'Motif de résiliation' }).click();
    await page.getByRole('option').first().click();
    await dialog.getByRole('button', { name: 'Résilier' }).click();
    await expect(page.getByText('Le participant a été résilié.')).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/adherentsCorrespondant\\?id=${id}$`));
    await expect(page.getByText('Aucun participant ne correspond à ces critères.')).toBeVisible();
  });

  test('an inactive participant is read-only until re-admitted', async ({ page }) => {
    const token = await apiToken(page.request, 'corr.etablissement');
    const nom = uniqueName('Readmission');
    const id = await createParticipant(page.request, token, { nom, prenom: 'Inès' });
    await terminateParticipant(page.request, token, id);
    await signIn(page, 'corr.etablissement', { correspondant: true });
    await page.goto(`/adherents/${id}`);
    await expect(page.getByText('Inactif', { exact: true })).toBeVisible();
    await expect(page.getByText('Ce participant est résilié : sa fiche est en lecture seule.')).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Profession' })).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Enregistrer' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Résilier' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Muter' })).toHaveCount(0);
    await expect(page.getByRole('textbox', { name: 'Date de résiliation' })).not.toHaveValue('—');
    await expectAccessible(page);

    await page.getByRole('button', { name: 'Réadmettre' }).click();
    await page
      .getByRole('dialog', { name: 'Réadmettre le participant' })
      .getByRole('button', { name: 'Réadmettre' })
      .click();
    await expect(alerts(page).filter({ hasText: 'Le participant a été réadmis.' })).toBeVisible();
    await expect(page.getByText('Actif', { exact: true })).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Profession' })).toBeEnabled();
    await expect(page.getByRole('button', { name: 'Enregistrer' })).toBeVisible();
  });

  test('re-admitting is refused when an active duplicate exists', async ({ page }) => {
    const token = await apiToken(page.request, 'corr.etablissement');
    const person = { nom: uniqueName('Doublon'), prenom: 'Jules', dateNaissance: '1990-03-03' };
    const id = await createParticipant(page.request, token, person);
    await terminateParticipant(page.request, token, id);
    // Creating the same person again now offers the re-admission instead (issue 18): the active
    // duplicate comes from a record corrected afterwards to the same birth date.
    const other = await createParticipant(page.request, token, { ...person, dateNaissance: '1990-03-04' });
    await updateParticipant(page.request, token, other, { dateNaissance: person.dateNaissance });
    await signIn(page, 'corr.etablissement', { correspondant: true });
    await page.goto(`/adherents/${id}`);
    await page.getByRole('button', { name: 'Réadmettre' }).click();
    await page
      .getByRole('dialog', { name: 'Réadmettre le participant' })
      .getByRole('button', { name: 'Réadmettre' })
      .click();
    await expect(
      alerts(page).filter({
        hasText:
          'Impossible : un participant actif portant les mêmes nom, prénom et date de naissance existe déjà.',
      }),
    ).toBeVisible();
    await expect(page.getByText('Inactif', { exact: true })).toBeVisible();
  });

  test('a transfer is requested to an establishment chosen by company name, then shows as pending', async ({
    page,
  }) => {
    const token = await apiToken(page.request, 'corr.etablissement');
    const home = await getJson<{ entrepriseRattachement: { raisonsociale: string } }>(
      page.request,
      token,
      '/get-detail-accueil',
    );
    const nom = uniqueName('Mutation');
    const id = await createParticipant(page.request, token, { nom, prenom: 'Hugo' });
    await signIn(page, 'corr.etablissement', { correspondant: true });
    await page.goto(`/adherents/${id}`);
    await page.getByRole('button', { name: 'Muter' }).click();
    const dialog = page.getByRole('dialog', { name: 'Muter le participant' });
    const confirm = dialog.getByRole('button', { name: 'Demander la mutation' });
    await expect(confirm).toBeDisabled();
    // No check-up in progress: nothing to take over.
    await expect(dialog.getByText('Prise en charge du bilan en cours')).toHaveCount(0);
    await dialog
      .getByRole('combobox', { name: 'Établissement de destination' })
      .fill(home.entrepriseRattachement.raisonsociale);
    const options = page.getByRole('option');
    await expect(options.first()).toBeVisible();
    // The participant's own establishment is no destination.
    await expect(options.filter({ hasText: 'Siège' })).toHaveCount(0);
    await options.first().click();
    // The reason is required too; the details are the correspondant's own words, control characters refused.
    await expect(confirm).toBeDisabled();
    await dialog.getByRole('combobox', { name: 'Motif de la mutation' }).click();
    await page.getByRole('option', { name: 'Changement de site' }).click();
    const details = dialog.getByRole('textbox', { name: 'Précisions (facultatif)' });
    await details.fill('Rapprochement\tdu domicile');
    await expect(details).toHaveAccessibleDescription(/caractère non autorisé/);
    await expect(confirm).toBeDisabled();
    await details.fill('Rapprochement du domicile');
    await expect(confirm).toBeEnabled();
    await expectAccessible(page);
    await confirm.click();
    await expect(alerts(page).filter({ hasText: 'La demande de mutation a été enregistrée' })).toBeVisible();
    await expect(page.getByText('Mutation en cours', { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Muter' })).toHaveCount(0);
    // The transfer list shows the reason with its details, and the participant's name leads back here.
    await page.goto('/mutation');
    const row = page.getByRole('row').filter({ hasText: nom });
    await expect(row).toContainText('Changement de site — Rapprochement du domicile');
    await expect(row).toContainText('Sortante');
    await row.getByRole('link', { name: new RegExp(nom, 'i') }).click();
    await expect(page).toHaveURL(new RegExp(`/adherents/${id}$`));
  });

  test('a destination that does not support the check-up type refuses the transfer', async ({ page }) => {
    const groupToken = await apiToken(page.request, 'corr.groupe');
    const rows = (await listParticipants(page.request, groupToken)).items;
    // An establishment of another company that does not offer the expatriate check-up.
    let destination: { raisonsociale: string; entreprise: { id: number; raisonsociale: string } } | undefined;
    const seen = new Set<string>();
    for (const row of rows.filter((candidate) => candidate.id > 9)) {
      const establishment = await getJson<{
        id: number;
        raisonsociale: string;
        entreprise: { id: number; raisonsociale: string };
        typesBilan: number[];
      }>(page.request, groupToken, `/etablissement-participant/${row.id}`);
      if (seen.has(establishment.raisonsociale)) continue;
      seen.add(establishment.raisonsociale);
      if (establishment.entreprise.id !== 1 && !establishment.typesBilan.includes(IDS.expatriate)) {
        destination = establishment;
        break;
      }
    }
    if (!destination) throw new Error('the demo data has no establishment without the expatriate check-up');

    const token = await apiToken(page.request, 'corr.etablissement');
    const nom = uniqueName('Expatrie');
    const id = await createParticipant(page.request, token, {
      nom,
      prenom: 'Nina',
      typeBilan: IDS.expatriate,
    });
    await signIn(page, 'corr.etablissement', { correspondant: true });
    await page.goto(`/adherents/${id}`);
    await page.getByRole('button', { name: 'Muter' }).click();
    const dialog = page.getByRole('dialog', { name: 'Muter le participant' });
    await dialog
      .getByRole('combobox', { name: 'Établissement de destination' })
      .fill(destination.entreprise.raisonsociale);
    await page.getByRole('option').filter({ hasText: destination.raisonsociale }).first().click();
    await dialog.getByRole('combobox', { name: 'Motif de la mutation' }).click();
    await page.getByRole('option').first().click();
    await dialog.getByRole('button', { name: 'Demander la mutation' }).click();
    await expect(
      alerts(page).filter({
        hasText: "L'établissement de destination ne prend pas en charge le type de bilan du participant.",
      }),
    ).toBeVisible();
    await expect(page.getByText('Mutation en cours', { exact: true })).toHaveCount(0);
  });

  test('a participant with a check-up in progress cannot be terminated nor change type', async ({ page }) => {
    const token = await apiToken(page.request, 'corr.etablissement');
    const row = (await listParticipants(page.request, token)).items.find(
      (candidate) => candidate.id > 9 && candidate.bilanEnCours,
    );
    if (!row) throw new Error('no participant with a check-up in progress');
    await signIn(page, 'corr.etablissement', { correspondant: true });
    await page.goto(`/adherents/${row.id}`);
    await expect(page.getByText('Bilan en cours', { exact: true })).toBeVisible();

    await page.getByRole('combobox', { name: 'Type de bilan' }).click();
    await page
      .getByRole('option')
      .and(page.locator(':not([aria-selected="true"]):not([aria-disabled="true"])'))
      .first()
      .click();
    const locked = page.getByRole('alertdialog', { name: 'Type de bilan non modifiable' });
    await expect(locked).toBeVisible();
    await locked.getByRole('button', { name: 'OK' }).click();

    // What the server would refuse is not offered: the button is disabled and says why, in text any
    // user sees without a pointer (issue 18) and as its description for screen readers.
    const reason = 'Impossible de résilier ce participant : un bilan est en cours.';
    const terminate = page.getByRole('button', { name: 'Résilier' });
    await expect(terminate).toBeDisabled();
    await expect(terminate).toHaveAccessibleDescription(reason);
    await expect(page.getByText(reason, { exact: true })).toBeVisible();
    await expectAccessible(page);
    await expect(page).toHaveURL(new RegExp(`/adherents/${row.id}$`));
    await expect(page.getByText('Actif', { exact: true })).toBeVisible();
  });

  test('in English, the detail is translated and accessible', async ({ page }) => {
    const token = await apiToken(page.request, 'corr.groupe');
    const row = (await listParticipants(page.request, token)).items.find((candidate) => candidate.id > 9);
    if (!row) throw new Error('no participant');
    await signIn(page, 'corr.groupe', { correspondant: true });
    await page.getByRole('banner').getByRole('button', { name: /\w/ }).last().click();
    await page.getByRole('menuitemradio', { name: 'English' }).click();
    await page.goto(`/adherents/${row.id}`);
    await expect(page.getByRole('heading', { name: 'Identity', level: 2 })).toBeVisible();
    // The last entry, like the page title, names the participant.
    await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toHaveText(
      new RegExp(`Participant list.*${row.nom} ${row.prenom}`),
    );
    await expect(page).toHaveTitle(`${row.nom} ${row.prenom}`);
    await expect(page.getByRole('button', { name: 'Save' })).toBeVisible();
    await expectAccessible(page);
  });
});

import { type APIRequestContext, expect, type Page } from '@playwright/test';
import {
  confirmContactCode,
  expectAccessible,
  lastOutboxId,
  PASSWORD,
  readCodeSentTo,
  signIn,
  test,
} from './support';

/**
 * The correspondant directory and a correspondant's page (docs/correspondants.md#detail): search, detail, the own record
 * edited and the password changed when canSave. corr.annuaire is this spec's own account: it edits
 * their record and changes their password, and puts both back.
 */

interface Row {
  id: number;
  contact: {
    civilite: { id: number } | null;
    nom: string;
    prenom: string;
    telephone: string | null;
    portable: string | null;
    fax: string | null;
    mail: string | null;
    fonction: string | null;
  };
  etablissement: { id: number; raisonsociale: string } | null;
  entreprise: { id: number; raisonsociale: string } | null;
  canSave: boolean;
}

const CLIENT = `Basic ${Buffer.from('portail-web:portail-web-public').toString('base64')}`;
const NEW_PASSWORD = 'Annuaire#2027';

async function correspondantToken(request: APIRequestContext, login: string, password = PASSWORD) {
  const reply = await request.post('/api/oauth/token', {
    headers: { Authorization: CLIENT },
    form: { grant_type: 'password', username: `${login}|C`, password },
  });
  return reply.ok() ? ((await reply.json()) as { access_token: string }).access_token : null;
}

async function tokenOf(request: APIRequestContext, login: string): Promise<string> {
  const token = await correspondantToken(request, login);
  if (!token) throw new Error(`${login} cannot sign in`);
  return token;
}

async function apiGet<T>(request: APIRequestContext, token: string, path: string): Promise<T> {
  const reply = await request.get(`/api${path}`, { headers: { Authorization: `Bearer ${token}` } });
  expect(reply.ok(), `${path}: ${reply.status()}`).toBe(true);
  return (await reply.json()) as T;
}

const grid = (page: Page) => page.getByRole('grid', { name: 'Correspondants' });
const dataRows = (page: Page) =>
  grid(page)
    .getByRole('row')
    .filter({ has: page.getByRole('gridcell') });

/** Every row of the table, once the search has answered, passes `check` on the column `field`. */
async function expectColumn(page: Page, field: string, check: (text: string) => boolean) {
  await expect(async () => {
    const texts = await dataRows(page).locator(`[data-field="${field}"]`).allTextContents();
    expect(texts.length).toBeGreaterThan(0);
    expect(texts.filter((text) => !check(text))).toEqual([]);
  }).toPass();
}

async function openDirectory(page: Page, menu = 'Menu principal', title = 'Liste des correspondants') {
  await page.getByRole('navigation', { name: menu }).getByRole('link', { name: title }).click();
  await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
}

test.describe('correspondant directory', () => {
  test('an establishment correspondant searches the directory and opens a colleague read-only', async ({
    page,
  }) => {
    const token = await tokenOf(page.request, 'corr.etablissement');
    const me = await apiGet<Row>(page.request, token, '/correspondant/mescoordonnees');
    const everyone = await apiGet<{ items: Row[]; totalRows: number }>(
      page.request,
      token,
      '/correspondant?size=100',
    );
    const unrelated = await apiGet<Row>(
      page.request,
      await tokenOf(page.request, 'corr.autre'),
      '/correspondant/mescoordonnees',
    );
    const group = everyone.items.find(
      (row) => row.id !== me.id && row.etablissement?.id === me.etablissement?.id,
    );
    if (!group || !me.etablissement || !me.entreprise) throw new Error('the demo directory is too small');

    await signIn(page, 'corr.etablissement', { correspondant: true });
    await openDirectory(page);
    await expect(page.getByText(`1–${everyone.totalRows} sur ${everyone.totalRows}`)).toBeVisible();
    await expect(dataRows(page)).toHaveCount(Math.min(everyone.totalRows, 15));
    await expect(page.getByRole('columnheader', { name: 'Établissement' })).toBeVisible();
    await expectAccessible(page);

    // By last name: from its start, ignoring case, the text trimmed.
    const lastName = page.getByRole('textbox', { name: 'Nom', exact: true });
    const prefix = group.contact.nom.slice(0, 4).toLowerCase();
    await lastName.fill(`  ${prefix} `);
    await expect(page).toHaveURL(new RegExp(`nom=${encodeURIComponent(prefix)}`));
    await expectColumn(page, 'nom', (text) => text.toLowerCase().startsWith(prefix));
    await expect(grid(page).getByText(`${group.contact.nom} ${group.contact.prenom}`)).toBeVisible();
    await lastName.fill('');

    // By establishment id, which must be a number.
    const establishmentId = page.getByRole('textbox', { name: "N° d'établissement" });
    await establishmentId.pressSequentially('a');
    await expect(establishmentId).toHaveValue('');
    await expect(establishmentId).toHaveAccessibleDescription(
      'Chiffres uniquement : les lettres et autres signes ne sont pas acceptés',
    );
    await establishmentId.fill(String(me.etablissement.id));
    await expect(page).toHaveURL(new RegExp(`idEtablissement=${me.etablissement.id}`));
    await expectColumn(page, 'etablissement', (text) => text === me.etablissement?.raisonsociale);
    // Another company's establishment: none of this directory's correspondants.
    await establishmentId.fill(String(unrelated.etablissement?.id));
    await expect(page.getByText('Aucun correspondant ne correspond à la recherche')).toBeVisible();
    await establishmentId.fill('');

    // A business name: the establishment's, or the company's with the flag.
    const businessName = page.getByRole('textbox', { name: 'Raison sociale' });
    await businessName.fill('siege');
    await expect(page).toHaveURL(/raisonSociale=siege/);
    await expectColumn(page, 'etablissement', (text) => text.includes('Siège'));
    await page.getByRole('checkbox', { name: "Rechercher dans le nom de l'entreprise" }).check();
    await expect(page).toHaveURL(/rechercheEntreprise=true/);
    await expect(page.getByText('Aucun correspondant ne correspond à la recherche')).toBeVisible();
    const company = me.entreprise.raisonsociale.slice(0, 5);
    await businessName.fill(company);
    await expectColumn(page, 'entreprise', (text) => text.includes(company));
    await page.getByRole('checkbox', { name: "Rechercher dans le nom de l'entreprise" }).uncheck();
    await businessName.fill('');
    await expect(page).not.toHaveURL(/raisonSociale/);

    // The keyboard opens a colleague's record: read-only, no edit, no password change.
    await lastName.fill(group.contact.nom);
    await expect(page).toHaveURL(new RegExp(`nom=${encodeURIComponent(group.contact.nom)}`));
    const row = dataRows(page).filter({ hasText: `${group.contact.nom} ${group.contact.prenom}` });
    await row.getByRole('gridcell').first().focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/correspondant/${group.id}$`));
    await expect(
      page.getByRole('heading', { name: `${group.contact.nom} ${group.contact.prenom}`, level: 1 }),
    ).toBeVisible();
    await expect(page.getByRole('navigation', { name: "Fil d'Ariane" })).toHaveText(
      new RegExp(`Liste des correspondants.*${group.contact.nom.toUpperCase()} ${group.contact.prenom}`),
    );
    await expect(page.getByText('Cette fiche est en lecture seule.')).toBeVisible();
    await expect(page.getByRole('region', { name: 'Établissement' })).toContainText(
      me.etablissement.raisonsociale,
    );
    await expect(page.getByRole('button', { name: 'Modifier' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Changer le mot de passe' })).toHaveCount(0);
    await expectAccessible(page);

    // Back: the same search.
    await page.goBack();
    await expect(page.getByRole('textbox', { name: 'Nom', exact: true })).toHaveValue(group.contact.nom);
  });

  test('corr.annuaire edits their own record and changes their password, then puts both back', async ({
    page,
  }) => {
    const token = await tokenOf(page.request, 'corr.annuaire');
    const original = await apiGet<Row>(page.request, token, '/correspondant/mescoordonnees');
    expect(original.canSave).toBe(true);
    try {
      await signIn(page, 'corr.annuaire', { correspondant: true });
      await page.goto(`/correspondant/${original.id}`);
      await expect(
        page.getByRole('heading', { name: `${original.contact.nom} ${original.contact.prenom}` }),
      ).toBeVisible();

      await page.getByRole('button', { name: 'Modifier' }).click();
      const form = page.getByRole('form', { name: 'Modifier mes coordonnées de contact' });
      const mail = form.getByRole('textbox', { name: 'Mail' });
      await expect(mail).toHaveValue(original.contact.mail ?? '');
      await mail.fill('pas-un-mail');
      await form.getByRole('button', { name: 'Enregistrer' }).click();
      await expect(form.getByText('Champ de type email')).toBeVisible();
      await expectAccessible(page);

      // Leaving with changes asks first.
      await page
        .getByRole('navigation', { name: "Fil d'Ariane" })
        .getByRole('link', { name: 'Liste des correspondants' })
        .click();
      const leave = page.getByRole('dialog', { name: 'Quitter sans enregistrer ?' });
      await expect(leave).toBeVisible();
      await leave.getByRole('button', { name: 'Rester sur la page' }).click();
      await expect(page).toHaveURL(new RegExp(`/correspondant/${original.id}$`));

      await mail.fill('annuaire.e2e@example.com');
      await form.getByRole('textbox', { name: 'Fonction' }).fill('Responsable annuaire');
      await form.getByLabel('Mot de passe actuel', { exact: true }).fill(PASSWORD);
      const sentFrom = await lastOutboxId(page.request);
      await form.getByRole('button', { name: 'Enregistrer' }).click();
      await expect(page.getByText('Vos coordonnées ont été enregistrées.')).toBeVisible();
      // The new mail waits for the code sent to it (issue 17).
      const confirmation = page.getByRole('dialog', { name: 'Confirmer la nouvelle coordonnée' });
      await expect(confirmation).toBeVisible();
      await expectAccessible(page);
      await confirmContactCode(
        confirmation,
        /Code reçu par mail/,
        await readCodeSentTo(page.request, 'annuaire.e2e@example.com', sentFrom),
      );
      await expect(confirmation).toHaveCount(0);
      const contact = page.getByRole('region', { name: 'Contact' });
      await expect(contact).toContainText('annuaire.e2e@example.com');
      await expect(contact).toContainText('Responsable annuaire');
      await expect(form).toHaveCount(0);

      // The password, through the dialog, and back to the demo one.
      for (const [from, to] of [
        [PASSWORD, NEW_PASSWORD],
        [NEW_PASSWORD, PASSWORD],
      ] as const) {
        await page.getByRole('button', { name: 'Changer le mot de passe' }).click();
        const dialog = page.getByRole('dialog', { name: 'Changer le mot de passe' });
        await dialog.getByLabel('Ancien mot de passe', { exact: true }).fill(from);
        await dialog.getByLabel('Nouveau mot de passe', { exact: true }).fill(to);
        await dialog.getByLabel('Confirmation du nouveau mot de passe', { exact: true }).fill(to);
        if (to === NEW_PASSWORD) await expectAccessible(page);
        await dialog.getByRole('button', { name: 'Changer le mot de passe' }).click();
        await expect(dialog).toHaveCount(0);
        await expect(page.getByText('Votre mot de passe a été modifié').first()).toBeVisible();
        expect(await correspondantToken(page.request, 'corr.annuaire', to)).not.toBeNull();
      }
    } finally {
      await restore(page.request, original);
    }
  });

  test('a participant sees the correspondants who manage them only', async ({ page }) => {
    const manager = await apiGet<Row>(
      page.request,
      await tokenOf(page.request, 'corr.etablissement'),
      '/correspondant/mescoordonnees',
    );
    const unrelated = await apiGet<Row>(
      page.request,
      await tokenOf(page.request, 'corr.autre'),
      '/correspondant/mescoordonnees',
    );

    await signIn(page, 'participant.dmc');
    await openDirectory(page);
    await expect(grid(page).getByText(`${manager.contact.nom} ${manager.contact.prenom}`)).toBeVisible();
    await expect(grid(page).getByText(`${unrelated.contact.nom} ${unrelated.contact.prenom}`)).toHaveCount(0);
    await expectColumn(page, 'entreprise', (text) => text === manager.entreprise?.raisonsociale);

    await page.goto(`/correspondant/${unrelated.id}`);
    await expect(
      page.getByText("Ce correspondant n'existe pas ou ne fait pas partie de vos correspondants."),
    ).toBeVisible();
    await page.goto(`/correspondant/${manager.id}`);
    await expect(page.getByText('Cette fiche est en lecture seule.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Modifier' })).toHaveCount(0);
  });

  test('in English, the directory and a record are translated and accessible', async ({ page }) => {
    await signIn(page, 'corr.entreprise', { correspondant: true });
    await page.getByRole('banner').getByRole('button', { name: /\w/ }).last().click();
    await page.getByRole('menuitemradio', { name: 'English' }).click();
    await openDirectory(page, 'Main menu', 'Correspondant list');
    await expect(page.getByRole('columnheader', { name: 'Company' })).toBeVisible();
    await expect(page.getByRole('checkbox', { name: 'Search the company name' })).toBeVisible();
    await expect(page.getByText('Rows per page:')).toBeVisible();
    await expectAccessible(page);

    await dataRows(page).first().click();
    await expect(page).toHaveURL(/\/correspondant\/\d+$/);
    await expect(page.getByRole('heading', { name: 'Contact', level: 2 })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Back to the correspondant list' })).toBeVisible();
    await expectAccessible(page);
  });
});

/** Puts corr.annuaire's record and password back as the demo has them, whatever the test reached. */
async function restore(request: APIRequestContext, original: Row) {
  let token = await correspondantToken(request, 'corr.annuaire');
  if (!token) {
    const changed = await correspondantToken(request, 'corr.annuaire', NEW_PASSWORD);
    if (changed) {
      await request.post('/api/oauth/changePassword', {
        headers: { Authorization: `Bearer ${changed}` },
        data: { ancienMotDePasse: NEW_PASSWORD, motDePasse: PASSWORD },
      });
    }
    token = await tokenOf(request, 'corr.annuaire');
  }
  const { contact } = original;
  const headers = { Authorization: `Bearer ${token}` };
  const sentFrom = await lastOutboxId(request);
  const reply = await request.post(`/api/correspondant/${original.id}`, {
    headers,
    data: { ...contact, civilite: contact.civilite?.id ?? null, motDePasse: PASSWORD },
  });
  expect(reply.ok(), `restore: ${reply.status()} ${await reply.text()}`).toBe(true);
  // The original mail and mobile come back through their codes, as any new value does.
  const { enAttente } = (await reply.json()) as {
    enAttente: { email: string | null; portable: string | null };
  };
  for (const [canal, to] of [
    ['EMAIL', enAttente.email],
    ['PORTABLE', enAttente.portable],
  ] as const) {
    if (!to) continue;
    const code = await readCodeSentTo(request, to, sentFrom);
    const confirmed = await request.post('/api/user/contact/confirmation', {
      headers,
      data: { canal, code },
    });
    expect(confirmed.ok(), `restore ${canal}: ${confirmed.status()}`).toBe(true);
  }
}

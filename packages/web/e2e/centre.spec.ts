import { mkdir } from 'node:fs/promises';
import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { expectAccessible, fillLogin, lastOutboxId, outboxAfter, signIn, test } from './support';

/**
 * The Centre area (issue 20) as the centre's staff use it: an administrator unlocks an account locked
 * by three wrong passwords, and follows a sign-in code the text-message provider refuses until it
 * arrives by itself. The account in trouble is the demo operator's, which no other spec signs in with
 * (every participant account is some other spec's); the server tests do the same for participants.
 * The tests of this file run in order, in one worker.
 */

const SHOTS = process.env.SHOTS_DIR ?? '';
async function shot(page: Page, name: string) {
  if (!SHOTS) return;
  await mkdir(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: false });
}

const LOCKED = 'operateur';
const REFUSED = 'operateur';
const REFUSED_MOBILE = '06 10 20 30 41';
const CLIENT = `Basic ${Buffer.from('portail-web:portail-web-public').toString('base64')}`;

function passwordGrant(request: APIRequestContext, login: string, password: string) {
  return request.post('/api/oauth/token', {
    headers: { authorization: CLIENT },
    form: { grant_type: 'password', username: `${login}|P`, password },
  });
}

async function toEnglish(page: Page) {
  await page.getByRole('banner').getByRole('button', { name: /\w/ }).last().click();
  await page.getByRole('menuitemradio', { name: 'English' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', /en/);
}

test.describe('the Centre area', () => {
  test('an administrator finds an account locked by three wrong passwords, sees why, and unlocks it', async ({
    page,
  }) => {
    for (let n = 0; n < 3; n++) await passwordGrant(page.request, LOCKED, 'Mauvais#2026');
    expect((await (await passwordGrant(page.request, LOCKED, 'Portail#2026')).json()).error_description).toBe(
      'user.locked',
    );

    await signIn(page, 'admin');
    const menu = page.getByRole('navigation', { name: 'Menu principal' });
    await expect(menu.getByRole('list', { name: 'Centre' })).toBeVisible();
    await menu.getByRole('link', { name: 'Comptes' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Comptes' })).toBeVisible();
    await expectAccessible(page);

    const query = page.getByRole('textbox', {
      name: 'Identifiant, nom, e-mail, mobile ou numéro de dossier',
    });
    await query.fill('x');
    await page.getByRole('button', { name: 'Rechercher' }).click();
    await expect(page.getByText('Saisissez au moins 2 caractères.')).toBeVisible();
    await query.fill(LOCKED);
    await query.press('Enter');
    const results = page.getByRole('region', { name: /compte trouvé/ });
    await expect(results.getByText('Bloqué')).toBeVisible();
    await shot(page, 'centre-accounts-fr-laptop');
    await results.getByRole('link', { name: LOCKED }).click();

    await expect(page.getByRole('heading', { level: 1, name: new RegExp(LOCKED) })).toBeVisible();
    await expect(
      page.getByText(/Compte bloqué depuis le .*, après trois mots de passe erronés à la connexion/),
    ).toBeVisible();
    const signIns = page.getByRole('region', { name: 'Connexions récentes' });
    await expect(signIns.getByText(/Mot de passe erroné/).first()).toBeVisible();
    await expect(signIns.getByText(/127\.0\.0\.1/).first()).toBeVisible();
    await expectAccessible(page);
    await shot(page, 'centre-account-locked-fr-laptop');

    // Keyboard alone: the action's button opens the dialog, which asks for a reason first.
    await page.getByRole('button', { name: 'Débloquer' }).focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Débloquer' });
    await expect(dialog.getByRole('textbox', { name: 'Motif' })).toBeFocused();
    await dialog.getByRole('button', { name: 'Débloquer' }).click();
    await expect(dialog.getByText('Indiquez un motif d’au moins 3 caractères.')).toBeVisible();
    await expect(dialog.getByRole('textbox', { name: 'Motif' })).toBeFocused();
    await expectAccessible(page);
    await page.keyboard.type('Appel du participant, identité vérifiée');
    await dialog.getByRole('button', { name: 'Débloquer' }).click();
    await expect(page.getByText('Compte débloqué.')).toBeVisible();
    await expect(page.getByText('Compte actif : la personne peut se connecter.')).toBeVisible();
    const staffActions = page.getByRole('region', { name: 'Actions du centre' });
    await expect(staffActions.getByText('Débloqué par le centre')).toBeVisible();
    await expect(staffActions.getByText(/admin : Appel du participant/)).toBeVisible();

    expect((await passwordGrant(page.request, LOCKED, 'Portail#2026')).status()).toBe(200);
  });

  test('a sign-in code the provider refuses is retried, seen in the deliveries, and arrives by itself', async ({
    page,
    browser,
  }) => {
    await signIn(page, 'admin');
    await page.request.put('/api/dev/providers', { data: { refused: [REFUSED_MOBILE] } });
    try {
      // The operator signs in elsewhere: their code does not leave.
      const participant = await browser.newContext();
      const other = await participant.newPage();
      const before = await lastOutboxId(other.request);
      await fillLogin(other, REFUSED);
      await expect(other).toHaveURL(/\/user\/confirm/);

      await page.goto('/centre/envois');
      await expect(page.getByRole('heading', { level: 1, name: 'Envois SMS et e-mails' })).toBeVisible();
      await page.getByRole('combobox', { name: 'État' }).click();
      await page.getByRole('option', { name: 'Nouvelle tentative prévue' }).click();
      await page.getByRole('textbox', { name: 'Destinataire' }).fill(REFUSED_MOBILE);
      await page.getByRole('button', { name: 'Filtrer' }).click();
      const grid = page.getByRole('grid', { name: 'Envois SMS et e-mails' });
      await expect(grid.getByText('Code de connexion').first()).toBeVisible({ timeout: 15_000 });
      await expect(grid.getByText(/refused the message to this recipient/).first()).toBeVisible();
      // The body (the code) is never shown.
      await expect(grid.getByText(/\b\d{6}\b/)).toHaveCount(0);
      await expectAccessible(page);
      await shot(page, 'centre-deliveries-retrying-fr-laptop');

      // The provider takes the number again: the code arrives without anyone asking again.
      await page.request.put('/api/dev/providers', { data: { refused: [] } });
      await expect
        .poll(
          async () =>
            (await outboxAfter(other.request, before)).filter(
              (item) => item.channel === 'SMS' && item.recipient === REFUSED_MOBILE,
            ).length,
          { timeout: 30_000 },
        )
        .toBe(1);
      // The list (still showing retries) refreshes itself: nothing retries any more.
      await expect(page.getByText('Aucun envoi ne correspond à ces filtres.')).toBeVisible({
        timeout: 15_000,
      });
      await page.getByRole('combobox', { name: 'État' }).click();
      await page.getByRole('option', { name: 'Envoyé' }).click();
      await page.getByRole('button', { name: 'Filtrer' }).click();
      await expect(grid.getByRole('row', { name: /Code de connexion/ }).first()).toBeVisible();
      await shot(page, 'centre-deliveries-sent-fr-laptop');
      await participant.close();
    } finally {
      await page.request.put('/api/dev/providers', { data: { refused: [] } });
    }
  });

  test('in English on a phone, the Centre area reads and works the same', async ({ page }) => {
    await signIn(page, 'operateur');
    await page.setViewportSize({ width: 375, height: 812 });
    await toEnglish(page);
    await page.goto('/centre/comptes?q=participant.dmc');
    await expect(page.getByRole('heading', { level: 1, name: 'Accounts' })).toBeVisible();
    await expect(page.getByRole('region', { name: /account found/ }).getByText('Active')).toBeVisible();
    await expectAccessible(page);
    await shot(page, 'centre-accounts-en-phone');
    await page.getByRole('link', { name: 'participant.dmc' }).click();
    await expect(page.getByText('Account active: the person can sign in.')).toBeVisible();
    await expect(page.getByRole('region', { name: 'Last messages' })).toBeVisible();
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(375);
    await expectAccessible(page);
    await shot(page, 'centre-account-en-phone');
    await page.goto('/centre/envois');
    await expect(page.getByRole('heading', { level: 1, name: 'Text messages and mails' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Filter' })).toBeVisible();
    await expectAccessible(page);
    await shot(page, 'centre-deliveries-en-phone');
  });

  test('the data-protection officer finds who opened a participant’s account, sees the event, exports the search', async ({
    page,
  }) => {
    await signIn(page, 'admin');
    // Opening the card of participant.dmc (participant no. 1) is itself in the trail.
    await page.goto('/centre/comptes?q=participant.dmc');
    await page.getByRole('link', { name: 'participant.dmc' }).click();
    await expect(page.getByRole('heading', { level: 1, name: /participant\.dmc/ })).toBeVisible();

    await page
      .getByRole('navigation', { name: 'Menu principal' })
      .getByRole('link', { name: 'Journal d’audit' })
      .click();
    await expect(page.getByRole('heading', { level: 1, name: 'Journal d’audit' })).toBeVisible();
    await page.getByRole('textbox', { name: 'Participant (n° de dossier)' }).fill('1');
    await page.getByRole('textbox', { name: 'Acteur' }).fill('admin');
    await page.getByRole('combobox', { name: 'Action' }).click();
    await page.getByRole('option', { name: 'Actions du personnel du centre' }).click();
    await page.getByRole('button', { name: 'Rechercher' }).click();
    const grid = page.getByRole('grid', { name: 'Journal d’audit' });
    const row = grid.getByRole('row', { name: /Fiche du compte ouverte par le centre/ }).first();
    await expect(row).toBeVisible();
    await expect(row).toContainText('admin (Personnel du centre)');
    await expect(row).toContainText('(1)');
    await expectAccessible(page);
    await shot(page, 'centre-audit-fr-laptop');

    await row.click();
    const dialog = page.getByRole('dialog', { name: /Événement n° \d+/ });
    await expect(dialog.getByText('STAFF_ACCOUNT_VIEWED', { exact: false })).toBeVisible();
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Fermer' }).click();

    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: /Exporter en CSV/ }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^audit-\d{4}-\d{2}-\d{2}\.csv$/);
    const { readFile } = await import('node:fs/promises');
    const text = (await readFile(await download.path())).toString('utf8');
    const lines = text
      .replace(/^\uFEFF/, '')
      .split('\r\n')
      .filter(Boolean);
    expect(lines[0]?.split(';')[0]).toBe('N°');
    expect(lines.slice(1).some((line) => line.includes('STAFF_ACCOUNT_VIEWED'))).toBe(true);
  });

  test('an administrator publishes an advice sheet participants read, then withdraws it', async ({
    page,
    browser,
  }) => {
    await signIn(page, 'admin');
    await page
      .getByRole('navigation', { name: 'Menu principal' })
      .getByRole('link', { name: 'Contenus publiés' })
      .click();
    await expect(page.getByRole('heading', { level: 1, name: 'Contenus publiés' })).toBeVisible();
    await expectAccessible(page);
    await page
      .getByRole('region', { name: 'Fiches conseils' })
      .getByRole('button', { name: 'Ajouter une fiche' })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Ajouter une fiche' });
    await dialog.getByRole('textbox', { name: 'Titre en français' }).fill('Marcher chaque jour');
    await dialog.getByRole('textbox', { name: 'Titre en anglais' }).fill('Walking every day');
    // Not a PDF: refused by the server, said on the file's field.
    await dialog.getByLabel(/Fichier PDF/).setInputFiles({
      name: 'photo.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('GIF89a not a pdf at all'),
    });
    await dialog.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(dialog.getByText('Ce fichier n’est pas un PDF.')).toBeVisible();
    await expectAccessible(page);
    const pdf = `%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj 3 0 obj<</Type/Page/MediaBox[0 0 200 200]/Parent 2 0 R>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n`;
    await dialog.getByLabel(/Fichier PDF/).setInputFiles({
      name: 'marcher.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from(pdf),
    });
    await dialog.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(page.getByText('Contenu enregistré.')).toBeVisible();
    const sheets = page.getByRole('region', { name: 'Fiches conseils' });
    await expect(sheets.getByText('Marcher chaque jour')).toBeVisible();
    await shot(page, 'centre-content-fr-laptop');

    const context = await browser.newContext();
    const reader = await context.newPage();
    await signIn(reader, 'participant.dmc');
    await reader.goto('/fiche/liste');
    await expect(reader.getByText('Marcher chaque jour')).toBeVisible();

    await sheets.getByRole('button', { name: 'Retirer « Marcher chaque jour »' }).click();
    await expect(
      sheets.getByRole('button', { name: 'Remettre en ligne « Marcher chaque jour »' }),
    ).toBeVisible();
    await reader.reload();
    await expect(reader.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(reader.getByText('Marcher chaque jour')).toHaveCount(0);
    await context.close();
  });

  test('in English on a phone, the administrator’s audit trail and published content read and work', async ({
    page,
  }) => {
    await signIn(page, 'admin');
    await page.setViewportSize({ width: 375, height: 812 });
    await toEnglish(page);
    await page.goto('/centre/journal?participant=1');
    await expect(page.getByRole('heading', { level: 1, name: 'Audit trail' })).toBeVisible();
    await expect(page.getByRole('button', { name: /Export as CSV/ })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await expectAccessible(page);
    await shot(page, 'centre-audit-en-phone');
    await page.goto('/centre/contenus');
    await expect(page.getByRole('heading', { level: 1, name: 'Published content' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Data-protection documents' })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await expectAccessible(page);
    await shot(page, 'centre-content-en-phone');
    await page.getByRole('button', { name: 'Add a sheet' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add a sheet' });
    await expect(dialog.getByRole('textbox', { name: 'Title in French' })).toBeFocused();
    await expectAccessible(page);
    await shot(page, 'centre-content-dialog-en-phone');
  });

  test('participants and correspondants reach nothing of it', async ({ page }) => {
    await signIn(page, 'corr.etablissement', { correspondant: true });
    await expect(page.getByRole('navigation', { name: 'Menu principal' }).getByText('Centre')).toHaveCount(0);
    await page.goto('/centre/comptes');
    await expect(page).toHaveURL(/\/home$/);
    const reply = await page.request.get('/api/centre/deliveries');
    expect(reply.status()).toBe(401);
  });
});

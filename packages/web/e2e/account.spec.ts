import { expect, type Locator, type Page } from '@playwright/test';
import {
  confirmContactCode,
  expectAccessible,
  expectNoSidewaysScroll,
  fillLogin,
  lastOutboxId,
  PASSWORD,
  readCodeSentTo,
  signIn,
  tabTo,
  test,
} from './support';

/**
 * Personal details (docs/interface-conventions.md#layout, docs/personal-details.md#contact-confirmation, docs/personal-details.md#contact): tabs by role, contact edit with the mobile checked first and a
 * sign-out after saving, password and secret question, establishment addresses. Accounts only this
 * spec uses (participant.test2, corr.coordonnees), or whose data it puts back (corr.autre, corr.groupe);
 * corr.entreprise only reads. The open sessions (issue 23): participant.dmc ends only the session it
 * opened itself in another browser; "end all the others" is tried on corr.coordonnees, this spec's own.
 */

/** A second browser, told apart in the sessions list by its description (no other spec uses Firefox's). */
const FIREFOX = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:145.0) Gecko/20100101 Firefox/145.0';

interface AddressRecordJson {
  idEtablissement: number;
  raisonsociale: string;
  dateResiliation: string | null;
  adresse: Record<string, unknown>;
  adresseFacturation: Record<string, unknown> | null;
  adresseFacturationIdentique: boolean;
}

/** The access token of the signed-in tab (session storage), for calls that read or put data back. */
async function tokenOf(page: Page): Promise<string> {
  const token = await page.evaluate(() => {
    const raw = sessionStorage.getItem('portail.token');
    return raw ? (JSON.parse(raw) as { accessToken?: string }).accessToken : undefined;
  });
  if (!token) throw new Error('not signed in');
  return token;
}

async function apiGet<T>(page: Page, path: string): Promise<T> {
  const reply = await page.request.get(`/api${path}`, {
    headers: { Authorization: `Bearer ${await tokenOf(page)}` },
  });
  expect(reply.ok(), `${path}: ${reply.status()}`).toBe(true);
  return (await reply.json()) as T;
}

async function apiPost(page: Page, path: string, body: unknown) {
  const reply = await page.request.post(`/api${path}`, {
    headers: { Authorization: `Bearer ${await tokenOf(page)}` },
    data: body,
  });
  expect(reply.ok(), `${path}: ${reply.status()} ${await reply.text()}`).toBe(true);
}

/** Puts an address record back as it was read (the call takes the record as GET adresse gives it). */
function restoreAddress(page: Page, record: AddressRecordJson) {
  return apiPost(page, '/adresse', {
    idEtablissement: record.idEtablissement,
    adresse: record.adresse,
    adresseFacturation: record.adresseFacturation,
    adresseFacturationIdentique: record.adresseFacturationIdentique,
  });
}

const tab = (page: Page, name: string) => page.getByRole('tab', { name, exact: true });
const field = (scope: Locator, name: string) => scope.getByRole('textbox', { name, exact: true });

async function toEnglish(page: Page) {
  await page.getByRole('banner').getByRole('button', { name: /\w/ }).last().click();
  await page.getByRole('menuitemradio', { name: 'English' }).click();
}

/** Presses Tab from the page heading until a tab of the tab list has the focus. */
async function tabToTabList(page: Page) {
  await page.getByRole('heading', { level: 1 }).click();
  for (let i = 0; i < 40; i++) {
    await page.keyboard.press('Tab');
    if (await page.evaluate(() => document.activeElement?.getAttribute('role') === 'tab')) return;
  }
  throw new Error('no tab reached with the keyboard');
}

test.describe('personal details', () => {
  test('a participant changes contact (mobile checked first, then signed out), password and secret question', async ({
    page,
  }) => {
    test.setTimeout(150_000);
    const newMobile = '06 98 76 54 32';
    const newMail = 'participant.test2.nouveau@example.com';
    await signIn(page, 'participant.test2');
    await page
      .getByRole('navigation', { name: 'Menu principal' })
      .getByRole('link', { name: 'Mes coordonnées', exact: true })
      .click();
    await expect(page.getByRole('heading', { name: 'Mes coordonnées', level: 1 })).toBeVisible();
    // The participant's record comes first (issue 18), then the account settings.
    await expect(tab(page, 'Mon dossier')).toHaveAttribute('aria-selected', 'true');
    await expect(tab(page, 'Informations professionnelles')).toBeVisible();
    // "Mes données" (issue 23) comes last.
    await expect(page.getByRole('tab')).toHaveCount(6);
    await expect(page.getByRole('tab').last()).toHaveText('Mes données');
    await tab(page, 'Informations personnelles').click();
    await expect(tab(page, 'Informations personnelles')).toHaveAttribute('aria-selected', 'true');
    const contact = page.getByRole('region', { name: 'Mes coordonnées personnelles' });
    await expect(field(contact, 'Adresse mail')).toHaveValue('participant.test2@example.com');
    await expect(field(contact, 'Téléphone portable')).toHaveAttribute('readonly', '');
    await expectAccessible(page);

    // A landline cannot receive the sign-in codes: the warning stops the save.
    await contact.getByRole('button', { name: 'Modifier' }).click();
    // The current password is asked again (issue 17), with the browser's current-password hint.
    const current = contact.getByLabel('Mot de passe actuel', { exact: true });
    await expect(current).toHaveAttribute('autocomplete', 'current-password');
    await current.fill('Faux#2026');
    await field(contact, 'Téléphone portable').fill('01 44 55 66 77');
    await contact.getByRole('button', { name: 'Enregistrer' }).click();
    const warning = page.getByRole('alertdialog', { name: 'Attention' });
    await expect(warning).toBeVisible();
    await warning.getByRole('button', { name: 'OK' }).click();
    await expect(warning).toBeHidden();
    await expect(page).toHaveURL(/\/mescoordonnees/);

    await field(contact, 'Téléphone portable').fill(newMobile);
    await field(contact, 'Adresse mail').fill(newMail);
    // A wrong current password is told, and counts toward the lock.
    await contact.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(contact.getByText('Le mot de passe actuel est incorrect', { exact: true })).toBeVisible();
    await expect(contact.getByText(/Après 2 autre\(s\) erreur\(s\), votre compte sera bloqué/)).toBeVisible();
    await current.fill(PASSWORD);
    const sentFrom = await lastOutboxId(page.request);
    await contact.getByRole('button', { name: 'Enregistrer' }).click();

    // Each new value waits for the code sent to it; the old mobile still gets the sign-in codes.
    const confirmation = page.getByRole('dialog', { name: 'Confirmer la nouvelle coordonnée' });
    await expect(confirmation).toBeVisible();
    const mobileField = /Code reçu par SMS au 06 98 76 54 32/;
    const mailField = new RegExp(`Code reçu par mail à ${newMail.replace(/\./g, '\\.')}`);
    await expect(confirmation.getByRole('textbox', { name: mailField })).toBeFocused();
    await expectAccessible(page);
    const mobileCode = await readCodeSentTo(page.request, newMobile, sentFrom);
    const wrongCode = mobileCode === '000000' ? '111111' : '000000';
    await confirmContactCode(confirmation, mobileField, wrongCode);
    await expect(confirmation.getByText("Ce code n'est pas le bon. Il vous reste 2 essai(s).")).toBeVisible();
    await confirmContactCode(confirmation, mobileField, mobileCode);
    await expect(confirmation.getByRole('textbox', { name: mobileField })).toHaveCount(0);
    await confirmContactCode(confirmation, mailField, await readCodeSentTo(page.request, newMail, sentFrom));
    const notice = page.getByRole('alertdialog', { name: 'Coordonnées enregistrées' });
    await expect(notice).toBeVisible();
    await expectAccessible(page);
    await notice.getByRole('button', { name: 'OK' }).click();
    await expect(page).toHaveURL(/\/login/);
    await expect(
      page.getByText('Vos coordonnées ont été enregistrées : veuillez vous reconnecter.'),
    ).toBeVisible();

    // The next sign-in code goes to the new mobile.
    const before = await lastOutboxId(page.request);
    await fillLogin(page, 'participant.test2');
    await expect(page).toHaveURL(/\/user\/confirm/);
    let code = '';
    await expect
      .poll(async () => {
        const reply = await page.request.get('/api/dev/outbox', { params: { limit: 20 } });
        const { items } = (await reply.json()) as {
          items: { id: number; channel: string; recipient: string; body: string }[];
        };
        code =
          items
            .find((item) => item.channel === 'SMS' && item.id > before && item.recipient === newMobile)
            ?.body.match(/\b(\d{6})\b/)?.[1] ?? '';
        return code;
      })
      .toBeTruthy();
    await page.getByRole('textbox').first().fill(code);
    await page.getByRole('button', { name: 'Confirmer' }).click();
    await expect(page.getByRole('navigation').first()).toBeVisible();
    await page.goto('/mescoordonnees?onglet=personnel');
    await expect(field(contact, 'Adresse mail')).toHaveValue(newMail);
    await expect(field(contact, 'Téléphone portable')).toHaveValue(newMobile);

    // Password: changed, then changed back to the demo password.
    for (const [from, to] of [
      [PASSWORD, 'Brume#Falaise27'],
      ['Brume#Falaise27', PASSWORD],
    ]) {
      await page.getByRole('button', { name: 'Changer le mot de passe' }).click();
      const dialog = page.getByRole('dialog', { name: 'Changer le mot de passe' });
      await expect(dialog).toBeVisible();
      await dialog.getByLabel('Ancien mot de passe', { exact: true }).fill(from ?? '');
      await dialog.getByLabel('Nouveau mot de passe', { exact: true }).fill(to ?? '');
      await dialog.getByLabel('Confirmation du nouveau mot de passe', { exact: true }).fill(to ?? '');
      await dialog.getByRole('button', { name: 'Afficher le champ Nouveau mot de passe' }).click();
      await expect(dialog.getByLabel('Nouveau mot de passe', { exact: true })).toHaveAttribute(
        'type',
        'text',
      );
      if (from === PASSWORD) await expectAccessible(page);
      await dialog.getByRole('button', { name: 'Changer le mot de passe' }).click();
      await expect(dialog).toBeHidden();
      // The same toast twice in a row shows once.
      if (from === PASSWORD) await expect(page.getByText('Votre mot de passe a été modifié')).toBeVisible();
    }

    // Secret question.
    await page.getByRole('button', { name: 'Changer la question secrète' }).click();
    const questionDialog = page.getByRole('dialog', { name: 'Changer la question secrète' });
    await questionDialog.getByRole('combobox', { name: 'Question secrète' }).click();
    await page.getByRole('option', { name: 'Quel est votre plat préféré ?' }).click();
    await questionDialog.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(questionDialog.getByText('Élément obligatoire')).toHaveCount(2);
    await questionDialog.getByRole('textbox', { name: 'Réponse' }).fill('Lasagnes');
    await questionDialog.getByLabel('Mot de passe actuel', { exact: true }).fill(PASSWORD);
    await expectAccessible(page);
    await questionDialog.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(questionDialog).toBeHidden();
    await expect(page.getByText('Votre question secrète a été enregistrée.')).toBeVisible();

    // The demo password works again.
    const token = await page.request.post('/api/oauth/token', {
      headers: { Authorization: `Basic ${Buffer.from('portail-web:portail-web-public').toString('base64')}` },
      form: { grant_type: 'password', username: 'participant.test2|P', password: PASSWORD },
    });
    expect(token.status()).toBe(200);

    await tab(page, 'Informations professionnelles').click();
    const professional = page.getByRole('region', { name: 'Mes informations professionnelles' });
    await expect(professional.getByText('Établissement', { exact: true })).toBeVisible();
    await expect(professional.getByText(/Siège \(n° \d+\)/)).toBeVisible();
    await expectAccessible(page);

    await toEnglish(page);
    await expect(tab(page, 'Professional information')).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('region', { name: 'My professional information' })).toBeVisible();
    await expectAccessible(page);
    await tab(page, 'Personal information').click();
    await expect(page.getByRole('region', { name: 'My personal contact details' })).toBeVisible();
    await expectAccessible(page);
  });

  test('an establishment correspondant edits geographic and billing addresses, then their contact', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await signIn(page, 'corr.coordonnees', { correspondant: true });
    await page.goto('/mescoordonnees');
    await expect(tab(page, 'Informations professionnelles')).toHaveAttribute('aria-selected', 'true');
    await expect(tab(page, 'Adresse')).toBeVisible();
    await expect(page.getByRole('tab')).toHaveCount(4);
    await expect(
      page.getByRole('region', { name: 'Mon compte' }).getByText('corr.coordonnees'),
    ).toBeVisible();
    await expectAccessible(page);
    const original = await apiGet<AddressRecordJson>(page, '/adresse');
    const account = await apiGet<{ email: string; portable: string }>(page, '/user');

    await tab(page, 'Adresse').click();
    const geo = page.getByRole('region', { name: /^Adresse géographique/ });
    const billing = page.getByRole('region', { name: 'Adresse de facturation' });
    const same = billing.getByRole('checkbox', {
      name: "Adresse de facturation identique à l'adresse géographique",
    });
    await expect(same).not.toBeChecked();
    await expect(field(geo, 'Code postal')).toHaveAttribute('maxlength', '10');
    await expectAccessible(page);

    await field(geo, 'Nom de la voie').fill('des Essais');
    await field(billing, 'Nom de la voie').fill('de la Facturation');
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(page.getByText("L'adresse a été enregistrée.")).toBeVisible();
    let stored = await apiGet<AddressRecordJson>(page, '/adresse');
    expect(stored.adresse.nomVoie).toBe('des Essais');
    expect(stored.adresseFacturation?.nomVoie).toBe('de la Facturation');

    // Same as geographic: the billing fields go, the geographic postal code finds its commune.
    await same.check();
    await expect(field(billing, 'Nom de la voie')).toHaveCount(0);
    await field(geo, 'Localité').fill('');
    await field(geo, 'Code postal').fill('69003');
    await expect(field(geo, 'Localité')).toHaveValue('Lyon 3e Arrondissement');
    await expect(geo.getByRole('combobox', { name: 'Pays' })).toHaveValue('France');
    // The first save's toast may still be leaving (the same toast twice shows once): the reply tells.
    const saved = page.waitForResponse(
      (response) => response.url().endsWith('/api/adresse') && response.request().method() === 'POST',
    );
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    expect((await saved).status()).toBe(200);
    await page.reload();
    await expect(tab(page, 'Adresse')).toHaveAttribute('aria-selected', 'true');
    await expect(same).toBeChecked();
    await expect(field(geo, 'Code postal')).toHaveValue('69003');
    stored = await apiGet<AddressRecordJson>(page, '/adresse');
    expect(stored.adresseFacturationIdentique).toBe(true);
    expect(stored.adresseFacturation).toEqual(stored.adresse);
    await restoreAddress(page, original);

    // Contact: confirmed by its code, then signed out; the record is put back afterwards.
    await tab(page, 'Informations professionnelles').click();
    const contact = page.getByRole('region', { name: 'Mes coordonnées professionnelles' });
    await contact.getByRole('button', { name: 'Modifier' }).click();
    await field(contact, 'Adresse mail').fill('coordonnees.e2e@example.com');
    await contact.getByLabel('Mot de passe actuel', { exact: true }).fill(PASSWORD);
    const sentFrom = await lastOutboxId(page.request);
    await contact.getByRole('button', { name: 'Enregistrer' }).click();
    const confirmation = page.getByRole('dialog', { name: 'Confirmer la nouvelle coordonnée' });
    await confirmContactCode(
      confirmation,
      /Code reçu par mail/,
      await readCodeSentTo(page.request, 'coordonnees.e2e@example.com', sentFrom),
    );
    await page
      .getByRole('alertdialog', { name: 'Coordonnées enregistrées' })
      .getByRole('button', { name: 'OK' })
      .click();
    await expect(page).toHaveURL(/\/login/);
    await signIn(page, 'corr.coordonnees', { correspondant: true });
    await page.goto('/mescoordonnees');
    await expect(field(contact, 'Adresse mail')).toHaveValue('coordonnees.e2e@example.com');
    const putBack = await lastOutboxId(page.request);
    await apiPost(page, '/user', { email: account.email, portable: account.portable, motDePasse: PASSWORD });
    await apiPost(page, '/user/contact/confirmation', {
      canal: 'EMAIL',
      code: await readCodeSentTo(page.request, account.email, putBack),
    });
  });

  test('an establishment correspondant of another company edits their address, asked before leaving it', async ({
    page,
  }) => {
    await signIn(page, 'corr.autre', { correspondant: true });
    await page.goto('/mescoordonnees?onglet=adresse');
    const original = await apiGet<AddressRecordJson>(page, '/adresse');
    const geo = page.getByRole('region', { name: /^Adresse géographique/ });
    await field(geo, 'Destinataire ou service').fill('Service comptabilité E2E');
    await tab(page, 'Informations professionnelles').click();
    const leave = page.getByRole('dialog', { name: 'Quitter sans enregistrer ?' });
    await expect(leave).toBeVisible();
    await leave.getByRole('button', { name: 'Rester sur la page' }).click();
    await expect(tab(page, 'Adresse')).toHaveAttribute('aria-selected', 'true');
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(page.getByText("L'adresse a été enregistrée.")).toBeVisible();
    await page.reload();
    await expect(field(geo, 'Destinataire ou service')).toHaveValue('Service comptabilité E2E');
    await restoreAddress(page, original);
    await page.reload();
    await expect(field(geo, 'Destinataire ou service')).toHaveValue(String(original.adresse.ligne1 ?? ''));
  });

  test('a group correspondant picks an establishment of the group and edits its address', async ({
    page,
  }) => {
    await signIn(page, 'corr.groupe', { correspondant: true });
    await page.goto('/mescoordonnees');
    await expect(page.getByRole('tab')).toHaveCount(5);
    await tab(page, 'Adresse').click();
    await expect(page.getByRole('region', { name: 'Adresse de facturation' })).toHaveCount(0);
    await tab(page, 'Établissements').click();
    const table = page.getByRole('table', { name: 'Établissements de mon périmètre' });
    await expect(table).toBeVisible();
    await expect(table.getByText(/\(résilié le 31\/12\/2024\)/)).toBeVisible();
    await expect(page.getByText('Sélectionnez un établissement dans le tableau')).toBeVisible();
    await expectAccessible(page);

    const establishments = await apiGet<
      { id: number; raisonsociale: string; dateResiliation: string | null }[]
    >(page, '/etablissements-correspondant');
    const target = establishments
      .filter((e) => e.dateResiliation === null && !e.raisonsociale.includes('Siège'))
      .at(-1);
    if (!target) throw new Error('the group has no open establishment besides head offices');
    const original = await apiGet<AddressRecordJson>(page, `/adresse?idEtablissement=${target.id}`);
    await table.getByRole('radio', { name: target.raisonsociale, exact: true }).check();
    const geo = page.getByRole('region', { name: `Adresse géographique : ${target.raisonsociale}` });
    await expect(geo).toBeVisible();
    await field(geo, 'Lieu-dit, boîte postale').fill('BP 42 E2E');
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(page.getByText("L'adresse a été enregistrée.")).toBeVisible();
    const stored = await apiGet<AddressRecordJson>(page, `/adresse?idEtablissement=${target.id}`);
    expect(stored.adresse.ligne5).toBe('BP 42 E2E');
    expect(stored.adresseFacturation).toBeNull();
    await expectAccessible(page);
    await restoreAddress(page, original);

    const closed = establishments.find((e) => e.dateResiliation !== null);
    if (!closed) throw new Error('the group has no terminated establishment');
    const closedName = closed.raisonsociale.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    await table.getByRole('radio', { name: new RegExp(`^${closedName} \\(résilié`) }).check();
    await expect(page.getByText('Cet établissement est résilié depuis le 31/12/2024')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Enregistrer' })).toHaveCount(0);
  });

  test('an enterprise correspondant reads addresses only; the tabs work with the keyboard, in French and English', async ({
    page,
  }) => {
    await signIn(page, 'corr.entreprise', { correspondant: true });
    await page.goto('/mescoordonnees');
    await tabToTabList(page);
    await expect(tab(page, 'Informations professionnelles')).toBeFocused();
    await page.keyboard.press('ArrowRight');
    await expect(tab(page, 'Notifications')).toBeFocused();
    await page.keyboard.press('ArrowRight');
    await expect(tab(page, 'Adresse')).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(tab(page, 'Adresse')).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByText("En tant que correspondant d'entreprise")).toBeVisible();
    const geo = page.getByRole('region', { name: /^Adresse géographique/ });
    await expect(field(geo, 'Nom de la voie')).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Enregistrer' })).toHaveCount(0);
    await expectAccessible(page);

    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Enter');
    await expect(tab(page, 'Établissements')).toHaveAttribute('aria-selected', 'true');
    const table = page.getByRole('table', { name: 'Établissements de mon périmètre' });
    await table.getByRole('radio').first().check();
    await expect(page.getByRole('region', { name: /^Adresse géographique/ })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Enregistrer' })).toHaveCount(0);
    await expectAccessible(page);

    await toEnglish(page);
    await expect(tab(page, 'Establishments')).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('table', { name: 'Establishments in my scope' })).toBeVisible();
    await expectAccessible(page);
    await tab(page, 'Address').click();
    await expect(page.getByText('As a company correspondant')).toBeVisible();
    await expectAccessible(page);
    await tab(page, 'Professional information').click();
    await expect(page.getByRole('region', { name: 'My professional contact details' })).toBeVisible();
    await expectAccessible(page);
  });
});

test.describe('open sessions (issue 23)', () => {
  test('a participant sees the session opened in another browser and ends it from this one', async ({
    page,
    browser,
  }) => {
    const other = await browser.newContext({
      userAgent: FIREFOX,
      locale: 'fr-FR',
      timezoneId: 'Europe/Paris',
    });
    const elsewhere = await other.newPage();
    await signIn(elsewhere, 'participant.dmc');
    await signIn(page, 'participant.dmc');
    await page.goto('/mescoordonnees?onglet=securite');
    await expect(tab(page, 'Sécurité')).toHaveAttribute('aria-selected', 'true');
    const list = page.getByRole('list', { name: 'Vos sessions' });
    const mine = list.getByRole('listitem').filter({ has: page.getByText('Cette session', { exact: true }) });
    await expect(mine).toHaveCount(1);
    await expect(mine.getByRole('button')).toHaveCount(0);
    const firefox = list.getByRole('listitem').filter({ hasText: 'Firefox 145 · Windows 10' });
    await expect(firefox).toHaveCount(1);
    await expect(firefox).toContainText(/Ouverte le \d{2}\/\d{2}\/\d{4} à \d{2}:\d{2}/);
    await expectAccessible(page);
    await firefox
      .getByRole('button', { name: /^Fermer la session Firefox 145 · Windows 10, Ouverte le/ })
      .click();
    await expect(page.getByRole('status').filter({ hasText: 'La session a été fermée.' })).toBeFocused();
    await expect(firefox).toHaveCount(0);
    // The other browser is signed out at its next request.
    await elsewhere.reload();
    await expect(elsewhere).toHaveURL(/\/login/);
    await other.close();
  });

  test.describe('on a phone, in English', () => {
    test('a correspondant ends every other session with the keyboard alone', async ({ page, browser }) => {
      const other = await browser.newContext({
        userAgent: FIREFOX,
        locale: 'fr-FR',
        timezoneId: 'Europe/Paris',
      });
      const elsewhere = await other.newPage();
      await signIn(elsewhere, 'corr.coordonnees', { correspondant: true });
      await signIn(page, 'corr.coordonnees', { correspondant: true });
      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto('/mescoordonnees?onglet=securite');
      await toEnglish(page);
      await expect(tab(page, 'Security')).toHaveAttribute('aria-selected', 'true');
      await expect(page.getByRole('region', { name: 'Open sessions' })).toBeVisible();
      await expect(page.getByRole('list', { name: 'Your sessions' }).getByRole('listitem')).not.toHaveCount(
        1,
      );
      await expectNoSidewaysScroll(page);
      await expectAccessible(page);
      const endAll = page.getByRole('button', { name: 'End all other sessions' });
      await page.getByRole('heading', { level: 1 }).click();
      await tabTo(page, endAll);
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('dialog', { name: 'End the other sessions?' });
      await expect(dialog).toContainText('This one stays open.');
      await tabTo(page, dialog.getByRole('button', { name: 'End all other sessions' }));
      await page.keyboard.press('Enter');
      await expect(page.getByRole('region', { name: 'Open sessions' }).getByRole('status')).toContainText(
        /Sessions ended: \d+\. Only this one stays open\./,
      );
      await expect(page.getByText('No other session is open on your account.')).toBeVisible();
      await expect(page.getByRole('list', { name: 'Your sessions' }).getByRole('listitem')).toHaveCount(1);
      await expectAccessible(page);
      await elsewhere.reload();
      await expect(elsewhere).toHaveURL(/\/login/);
      await other.close();
    });
  });
});

import { expect, type Locator, type Page } from '@playwright/test';
import { expectAccessible, signIn, test } from './support';

/**
 * Every participant screen on a 375 × 812 phone (issue 18): nothing wider than the screen, the
 * content that matters (dates, names, actions) in view, axe clean; in French and once in English.
 * Then the document viewer at full width, and failed lists shown as failures with Retry.
 */

const PHONE = { width: 375, height: 812 };

/** Signs in (the shared helper waits for the docked menu of a large screen), then turns into a phone. */
async function signInOnPhone(page: Page, login: string) {
  await signIn(page, login);
  await page.setViewportSize(PHONE);
  // Afresh at phone size, as a phone would open it (no menu drawer closing on the way).
  await page.reload();
}

/** The page is no wider than the screen: nothing hides off to the right. */
async function expectNoOverflow(page: Page) {
  const width = await page.evaluate(() => document.scrollingElement?.scrollWidth ?? 0);
  expect(width, 'page width').toBeLessThanOrEqual(PHONE.width + 1);
}

/** A control is in view across: its box lies within the screen's width. */
async function expectWithinWidth(name: string, control: Locator) {
  await expect(control, name).toBeVisible();
  const box = await control.boundingBox();
  expect(box, name).not.toBeNull();
  expect(box?.x ?? -1, name).toBeGreaterThanOrEqual(0);
  expect((box?.x ?? 0) + (box?.width ?? 0), name).toBeLessThanOrEqual(PHONE.width + 1);
}

const shot = (page: Page, name: string) =>
  page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });

/** Opens a screen by its address and waits for its title. */
async function open(page: Page, path: string, title: string | RegExp) {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
}

/** The screen at rest (no list still loading), checked and photographed. */
async function check(page: Page, name: string) {
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  await expectNoOverflow(page);
  await shot(page, name);
  await expectAccessible(page);
}

const paris = (iso: string) =>
  new Intl.DateTimeFormat('fr-FR', {
    timeZone: 'Europe/Paris',
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  })
    .format(new Date(iso))
    .replace(',', '');

interface Listed {
  items: { id: number; objet: string; debut: string; nomDocument: string }[];
  totalRows: number;
}

test.describe('participant screens on a phone', () => {
  test('in French: home, appointments, documents, sheets, details, account, data protection, assistance', async ({
    page,
  }) => {
    test.setTimeout(150_000);
    await signInOnPhone(page, 'participant.dmc');

    // Home: the new documents as cards, each with its date, name and actions in view.
    await expect(page.getByRole('heading', { level: 1, name: /^Bienvenue/ })).toBeVisible();
    const news = page.getByRole('region', { name: 'Nouveaux documents' });
    const firstNew = news.getByRole('listitem').first();
    await expect(firstNew).toBeVisible();
    await expect(firstNew.getByText(/^\d{2}\/\d{2}\/\d{4} · /)).toBeVisible();
    await expectWithinWidth('view', firstNew.getByRole('button', { name: /^Voir « / }));
    await expectWithinWidth('download', firstNew.getByRole('button', { name: /^Télécharger « / }));
    await expect(firstNew.getByRole('checkbox', { name: /^Sélectionner « / })).toBeVisible();
    await check(page, 'fr-home-375');

    // Appointments: upcoming then past, cards with the centre's date and time; calendar only ahead.
    const upcoming = page.waitForResponse(
      (r) => r.url().includes('rdvs-participant?') && r.url().includes('avenir'),
    );
    const past = page.waitForResponse(
      (r) => r.url().includes('rdvs-participant?') && r.url().includes('passe'),
    );
    await open(page, '/participant/mesrendezvous', 'Mes rendez-vous');
    const ahead = (await (await upcoming).json()) as Listed;
    const behind = (await (await past).json()) as Listed;
    const aheadList = page.getByRole('list', { name: 'Rendez-vous à venir' });
    const behindList = page.getByRole('list', { name: 'Rendez-vous passés' });
    const nextOne = aheadList.getByRole('listitem').first();
    await expect(nextOne.getByText(paris(ahead.items[0]?.debut ?? ''), { exact: true })).toBeVisible();
    await expect(nextOne.getByText(ahead.items[0]?.objet ?? '-', { exact: true })).toBeVisible();
    const google = nextOne.getByRole('link', { name: /^Ajouter à Google Agenda/ });
    await expectWithinWidth('google', google);
    await expect(google).toHaveAttribute('href', /^https:\/\/calendar\.google\.com\//);
    await expectWithinWidth('ics', nextOne.getByRole('button', { name: /^Télécharger le fichier d'agenda/ }));
    const lastOne = behindList.getByRole('listitem').first();
    await expect(lastOne.getByText(paris(behind.items[0]?.debut ?? ''), { exact: true })).toBeVisible();
    await expect(behindList.getByRole('link', { name: /Google Agenda/ })).toHaveCount(0);
    await expect(behindList.getByRole('button', { name: /fichier d'agenda/ })).toHaveCount(0);
    await check(page, 'fr-appointments-375');

    // Each category of documents: cards with date, type, name, selection and actions.
    for (const [path, title] of [
      ['/document/resultatsAnalyses', "Résultats d'analyses"],
      ['/document/consultations', 'Consultations médicales'],
      ['/document/consultationGynecologique', 'Consultations gynécologiques'],
      ['/document/courrier', 'Courriers'],
    ] as const) {
      const listed = page.waitForResponse((r) => r.url().includes('/api/document/list?'));
      await open(page, path, 'Mon Dossier Médical');
      await expect(page.getByRole('heading', { level: 2, name: title })).toBeVisible();
      const { totalRows } = (await (await listed).json()) as Listed;
      const cards = page.getByRole('list', { name: `Documents : ${title}` }).getByRole('listitem');
      if (totalRows > 0) {
        const card = cards.first();
        await expect(card.getByText(/^\d{2}\/\d{2}\/\d{4} · /)).toBeVisible();
        await expectWithinWidth('view', card.getByRole('button', { name: /^Voir « / }));
        await expect(card.getByRole('checkbox')).toBeVisible();
      }
      await expect(page.getByRole('button', { name: /^Envoyer/ })).toBeVisible();
      await check(page, `fr-documents-${path.split('/').pop()}-375`);
    }

    // The advice sheets.
    const sheets = page.waitForResponse((r) => r.url().includes('/api/fiche/list?'));
    await open(page, '/fiche/liste', 'Fiches conseils');
    const sheet = ((await (await sheets).json()) as Listed).items[0];
    const sheetCard = page.getByRole('list', { name: 'Fiches conseils' }).getByRole('listitem').first();
    await expect(sheetCard.getByText(sheet?.nomDocument ?? '-', { exact: true })).toBeVisible();
    await expectWithinWidth('sheet download', sheetCard.getByRole('button', { name: /^Télécharger « / }));
    await check(page, 'fr-sheets-375');

    await open(page, '/participant/mescoordonnees', 'Mes coordonnées');
    await expect(page.getByRole('region', { name: 'Identité' })).toBeVisible();
    await check(page, 'fr-own-details-375');
    await open(page, '/mescoordonnees', 'Mes coordonnées');
    await check(page, 'fr-account-375');
    await open(page, '/politiqueProtectionDonnees', 'Politique de protection des données');
    await expect(page.locator('canvas[data-rendered="1"]')).toBeVisible({ timeout: 15_000 });
    await check(page, 'fr-data-protection-375');
    await open(page, '/assistance', 'Assistance');
    await check(page, 'fr-assistance-375');
  });

  test('the document viewer takes the screen, fits the width and zooms without a wrapping toolbar', async ({
    page,
  }) => {
    await signInOnPhone(page, 'participant.dmc');
    await open(page, '/document/consultations', 'Mon Dossier Médical');
    const card = page
      .getByRole('list', { name: 'Documents : Consultations médicales' })
      .getByRole('listitem')
      .first();
    await card.getByRole('button', { name: /^Voir « / }).click();
    const dialog = page.getByRole('dialog');
    const canvas = dialog.locator('canvas[data-rendered="1"]');
    await expect(canvas).toBeVisible({ timeout: 15_000 });
    // The whole screen, the page as wide as it allows (the frame's 8 px padding each side).
    const box = await dialog.boundingBox();
    expect(box?.width).toBe(PHONE.width);
    const drawn = await canvas.boundingBox();
    expect(drawn?.width ?? 0).toBeGreaterThanOrEqual(PHONE.width - 20);
    expect(drawn?.width ?? 0).toBeLessThanOrEqual(PHONE.width);
    // One line of tools, none cut off; fit-to-width is on, the label is the page's real size.
    const toolbar = dialog.getByRole('toolbar');
    const tools = await toolbar.boundingBox();
    expect(tools?.height ?? 0).toBeLessThan(56);
    expect(await toolbar.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
    const fit = toolbar.getByRole('button', { name: 'Ajusté à la largeur' });
    await expect(fit).toHaveAttribute('aria-pressed', 'true');
    const zoom = toolbar.getByTestId('pdf-zoom');
    await expect(zoom).toHaveText(/^\d+ %$/);
    const fitted = Number.parseInt((await zoom.textContent()) ?? '', 10);
    // An A4 page fitted into a phone's width is shown at well under its printed size.
    expect(fitted).toBeLessThan(60);
    await expect(toolbar.getByText('Page 1 sur', { exact: false })).toHaveCount(1);
    await shot(page, 'fr-viewer-375');
    await expectAccessible(page);

    await toolbar.getByRole('button', { name: 'Zoom avant' }).click();
    await expect(fit).toHaveAttribute('aria-pressed', 'false');
    // One step in: a quarter larger (each label rounded on its own).
    await expect(zoom).not.toHaveText(`${fitted} %`);
    const zoomed = Number.parseInt((await zoom.textContent()) ?? '', 10);
    expect(Math.abs(zoomed - fitted * 1.25)).toBeLessThanOrEqual(1);
    await expect(dialog.locator('canvas[data-rendered="1"]')).toBeVisible();
    expect((await canvas.boundingBox())?.width ?? 0).toBeGreaterThan(PHONE.width);
    // Zoomed in, the page scrolls inside its frame, never the screen.
    await expectNoOverflow(page);
    await fit.click();
    await expect(zoom).toHaveText(`${fitted} %`);
  });

  test.describe('on a touch screen', () => {
    test.use({ hasTouch: true });

    test('two fingers spread apart zoom the page in', async ({ page }) => {
      await signInOnPhone(page, 'participant.dmc');
      await open(page, '/fiche/liste', 'Fiches conseils');
      await page
        .getByRole('list', { name: 'Fiches conseils' })
        .getByRole('button', { name: /^Voir « / })
        .first()
        .click();
      const dialog = page.getByRole('dialog');
      await expect(dialog.locator('canvas[data-rendered="1"]')).toBeVisible({ timeout: 15_000 });
      const zoom = dialog.getByTestId('pdf-zoom');
      const fitted = Number.parseInt((await zoom.textContent()) ?? '', 10);
      const frame = await dialog.getByRole('region').boundingBox();
      const x = (frame?.x ?? 0) + (frame?.width ?? 0) / 2;
      const y = (frame?.y ?? 0) + 200;
      // Chromium's own touch input: two points 60 px apart moving to 180 px apart.
      const cdp = await page.context().newCDPSession(page);
      const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', gap: number) =>
        cdp.send('Input.dispatchTouchEvent', {
          type,
          touchPoints:
            type === 'touchEnd'
              ? []
              : [
                  { x: x - gap / 2, y, id: 1 },
                  { x: x + gap / 2, y, id: 2 },
                ],
        });
      await touch('touchStart', 60);
      for (let gap = 80; gap <= 180; gap += 20) await touch('touchMove', gap);
      await touch('touchEnd', 0);
      await expect(dialog.getByRole('button', { name: 'Ajusté à la largeur' })).toHaveAttribute(
        'aria-pressed',
        'false',
      );
      await expect(dialog.locator('canvas[data-rendered="1"]')).toBeVisible();
      const pinched = Number.parseInt((await zoom.textContent()) ?? '', 10);
      // Three times the distance: three times the size (within the rounding of the labels).
      expect(Math.abs(pinched - fitted * 3)).toBeLessThanOrEqual(3);
      await expectNoOverflow(page);
    });
  });

  test('in English: the same screens for participant.en', async ({ page }) => {
    test.setTimeout(120_000);
    await signInOnPhone(page, 'participant.en');
    await expect(page.getByRole('heading', { level: 1, name: /^Welcome/ })).toBeVisible();
    await check(page, 'en-home-375');
    await open(page, '/participant/mesrendezvous', 'My appointments');
    await expect(page.getByRole('heading', { level: 2, name: 'Upcoming' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Past' })).toBeVisible();
    await check(page, 'en-appointments-375');
    await open(page, '/document/resultatsAnalyses', 'My Medical Record');
    await check(page, 'en-documents-375');
    await open(page, '/fiche/liste', 'Advice sheets');
    await check(page, 'en-sheets-375');
    await open(page, '/participant/mescoordonnees', 'My contact details');
    await check(page, 'en-own-details-375');
    await open(page, '/mescoordonnees', 'My contact details');
    await check(page, 'en-account-375');
    await open(page, '/politiqueProtectionDonnees', 'Data protection policy');
    await check(page, 'en-data-protection-375');
    await open(page, '/assistance', 'Assistance');
    await check(page, 'en-assistance-375');
  });

  test('a list that fails says so with Retry, not as an empty list, and Retry lists it', async ({ page }) => {
    await signInOnPhone(page, 'participant.dmc');
    const failing = '**/api/participant/rdvs-participant?*quand=passe*';
    await page.route(failing, (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"status":500}' }),
    );
    await open(page, '/participant/mesrendezvous', 'Mes rendez-vous');
    const pastSection = page.getByRole('region', { name: 'Passés' });
    const alert = pastSection.getByRole('alert');
    await expect(alert).toContainText('Vos rendez-vous passés n’ont pas pu être chargés.');
    await expect(pastSection.getByText('Aucun rendez-vous passé')).toHaveCount(0);
    // Said once, in the section, with the reason: no toast repeats it.
    await expect(alert).toContainText('Une erreur serveur est survenue');
    await expect(page.getByText('Une erreur serveur est survenue')).toHaveCount(1);
    // The other half is untouched.
    await expect(
      page.getByRole('list', { name: 'Rendez-vous à venir' }).getByRole('listitem').first(),
    ).toBeVisible();
    await expectNoOverflow(page);
    await shot(page, 'fr-appointments-failed-375');
    await expectAccessible(page);
    await page.unroute(failing);
    await alert.getByRole('button', { name: 'Réessayer' }).click();
    await expect(
      page.getByRole('list', { name: 'Rendez-vous passés' }).getByRole('listitem').first(),
    ).toBeVisible();
    await expect(pastSection.getByRole('alert')).toHaveCount(0);

    // The documents of a category, the same way.
    await page.route('**/api/document/list?*', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"status":500}' }),
    );
    await open(page, '/document/courrier', 'Mon Dossier Médical');
    await expect(page.getByText("La liste des documents n'a pas pu être chargée.")).toBeVisible();
    await expect(page.getByText('Aucun document', { exact: true })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Réessayer' })).toBeVisible();

    // The advice sheets.
    await page.route('**/api/fiche/list?*', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"status":500}' }),
    );
    await open(page, '/fiche/liste', 'Fiches conseils');
    await expect(page.getByRole('alert').filter({ hasText: 'La liste des fiches conseils' })).toBeVisible();
    await expect(page.getByText('Aucune fiche conseil')).toHaveCount(0);
    await page.unroute('**/api/fiche/list?*');
    await page.getByRole('button', { name: 'Réessayer' }).click();
    await expect(
      page.getByRole('list', { name: 'Fiches conseils' }).getByRole('listitem').first(),
    ).toBeVisible();

    // The home page's new documents.
    await page.route('**/api/get-detail-accueil?*', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"status":500}' }),
    );
    await open(page, '/home', /^Bienvenue/);
    const news = page.getByRole('region', { name: 'Nouveaux documents' });
    await expect(news.getByRole('alert')).toContainText('Vos nouveaux documents n’ont pas pu être chargés.');
    await expect(news.getByText('Aucun nouveau document')).toHaveCount(0);
    // The check-up card stays, with its own Retry, rather than vanishing as if no check-up were under way.
    const checkup = page.getByRole('region', { name: 'Mon bilan en cours' });
    await expect(checkup.getByRole('alert')).toContainText("Ces informations n'ont pas pu être chargées.");
    await page.unroute('**/api/get-detail-accueil?*');
    await news.getByRole('button', { name: 'Réessayer' }).click();
    await expect(news.getByRole('listitem').first()).toBeVisible();
    await expect(news.getByRole('alert')).toHaveCount(0);
    await expect(checkup.getByRole('alert')).toHaveCount(0);
    await expect(checkup.getByRole('listitem').first()).toBeVisible();
  });
});

test.describe('the same screens on a large screen (1366 × 768)', () => {
  test.use({ viewport: { width: 1366, height: 768 } });

  test('keep their tables, and the viewer says "fit to width" until zoomed', async ({ page }) => {
    test.setTimeout(90_000);
    await signIn(page, 'participant.dmc');
    await shot(page, 'fr-home-1366');
    await open(page, '/participant/mesrendezvous', 'Mes rendez-vous');
    await expect(page.getByRole('grid', { name: 'Rendez-vous à venir' })).toBeVisible();
    await expect(page.getByRole('grid', { name: 'Rendez-vous passés' })).toBeVisible();
    await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
    await shot(page, 'fr-appointments-1366');
    await open(page, '/fiche/liste', 'Fiches conseils');
    await expect(page.getByRole('grid', { name: 'Fiches conseils' })).toBeVisible();
    await shot(page, 'fr-sheets-1366');
    await open(page, '/document/consultations', 'Mon Dossier Médical');
    const table = page.getByRole('table', { name: 'Documents : Consultations médicales' });
    await expect(table.getByRole('columnheader', { name: 'Nom du document' })).toBeVisible();
    await shot(page, 'fr-documents-1366');
    await table
      .getByRole('button', { name: /^Voir « / })
      .first()
      .click();
    const toolbar = page.getByRole('dialog').getByRole('toolbar');
    await expect(page.getByRole('dialog').locator('canvas[data-rendered="1"]')).toBeVisible({
      timeout: 15_000,
    });
    const zoom = toolbar.getByTestId('pdf-zoom');
    await expect(zoom).toHaveText('Ajusté à la largeur');
    await expect(toolbar.getByText('Page 1 sur 1', { exact: true })).toBeVisible();
    expect((await toolbar.boundingBox())?.height ?? 0).toBeLessThan(56);
    await shot(page, 'fr-viewer-1366');
    await expectAccessible(page);
    await toolbar.getByRole('button', { name: 'Zoom avant' }).click();
    await expect(zoom).toHaveText(/^\d+ %$/);
  });

  test('in English', async ({ page }) => {
    await signIn(page, 'participant.en');
    await shot(page, 'en-home-1366');
    await open(page, '/participant/mesrendezvous', 'My appointments');
    await expect(page.getByRole('heading', { level: 2, name: 'Upcoming' })).toBeVisible();
    await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
    await shot(page, 'en-appointments-1366');
    await open(page, '/document/resultatsAnalyses', 'My Medical Record');
    await page
      .getByRole('button', { name: /^View “/ })
      .first()
      .click();
    await expect(page.getByRole('dialog').locator('canvas[data-rendered="1"]')).toBeVisible({
      timeout: 15_000,
    });
    await expect(page.getByRole('dialog').getByTestId('pdf-zoom')).toHaveText('Fit to width');
    await shot(page, 'en-viewer-1366');
    await expectAccessible(page);
  });
});

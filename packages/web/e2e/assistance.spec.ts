import { expect, type Page } from '@playwright/test';
import { expectAccessible, signIn, test } from './support';

/**
 * Assistance (docs/assistance.md#signed-in-and-public), public and signed in: the departments' e-mails, the helpline and its hours
 * (docs/assistance.md#helpline), the correspondant's manager, and the map, which asks before reaching OpenStreetMap.
 * There is no internet here: the tile server is always intercepted.
 */

const TILES = 'https://tile.openstreetmap.org/**';
// A 1×1 pale green PNG stands in for every tile.
const TILE_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR4nGM4c/fMfwAIYwN1MOk/NQAAAABJRU5ErkJggg==',
  'base64',
);

const CENTRE_NAME = 'Centre de bilans de santé';
const ADDRESS = '6 rue Euler, 75008 Paris, France';
const OSM_URL = 'https://www.openstreetmap.org/?mlat=48.8718&mlon=2.2996#map=19/48.8718/2.2996';

/** Every request the page makes to a host other than the site under test. */
function recordThirdParty(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.protocol.startsWith('http') && url.hostname !== '127.0.0.1') seen.push(request.url());
  });
  return seen;
}

const region = (page: Page, name: string) => page.getByRole('region', { name, exact: true });

async function expectContactsAndHours(page: Page) {
  const contacts = region(page, 'Contact par e-mail');
  await expect(contacts.getByRole('link')).toHaveCount(6);
  await expect(contacts.getByRole('link', { name: 'rendez-vous@centre-bilans.example' })).toHaveAttribute(
    'href',
    'mailto:rendez-vous@centre-bilans.example',
  );
  await expect(contacts.getByText('Délégué à la protection des données')).toBeVisible();
  const helpline = region(page, 'Assistance téléphonique');
  await expect(helpline.getByRole('link', { name: '01 53 00 00 00' })).toHaveAttribute(
    'href',
    'tel:0153000000',
  );
  await expect(helpline).toContainText('du lundi au vendredi, de 7 h 30 à 18 h');
  await expect(helpline.getByText(/^(Ouvert|Fermé) en ce moment$/)).toBeVisible();
}

async function showMap(page: Page) {
  const access = region(page, 'Accès au centre');
  await expect(access.getByText(/serveurs d'OpenStreetMap/)).toBeVisible();
  await access.getByRole('button', { name: 'Afficher la carte' }).click();
  await expect(region(page, "Carte de l'accès au centre")).toBeVisible();
}

test.describe('assistance', () => {
  test('the public page, from the sign-in page: contacts, hours, address, no third-party request', async ({
    page,
  }) => {
    const thirdParty = recordThirdParty(page);
    // A Wednesday, 10:00 in Paris: the helpline is open.
    await page.clock.setSystemTime(new Date('2026-03-18T09:00:00Z'));
    await page.goto('/login');
    await page.getByRole('link', { name: "Besoin d'aide ? Contacter l'assistance" }).click();
    await expect(page).toHaveURL(/\/Assistance$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Assistance' })).toBeVisible();
    await expectContactsAndHours(page);
    await expect(region(page, 'Assistance téléphonique')).toContainText('Ouvert en ce moment');
    await expect(page.getByRole('heading', { name: 'Votre gestionnaire' })).toHaveCount(0);

    const access = region(page, 'Accès au centre');
    await expect(access).toContainText(CENTRE_NAME);
    await expect(access).toContainText(ADDRESS);
    const osm = access.getByRole('link', {
      name: "Ouvrir dans OpenStreetMap (s'ouvre dans une nouvelle fenêtre)",
    });
    await expect(osm).toHaveAttribute('href', OSM_URL);
    await expect(osm).toHaveAttribute('target', '_blank');
    await expect(osm).toHaveAttribute('rel', /noopener/);
    // Nothing sticks out sideways (the link's hidden "new window" text once did).
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      page.viewportSize()?.width ?? 0,
    );
    await expectAccessible(page);
    expect(thirdParty).toEqual([]);
  });

  test('the map waits to be asked for, then shows the marker and its popup; the choice is kept', async ({
    page,
  }) => {
    const thirdParty = recordThirdParty(page);
    const referrers: string[] = [];
    await page.route(TILES, async (route) => {
      referrers.push((await route.request().allHeaders()).referer ?? '');
      await route.fulfill({ status: 200, contentType: 'image/png', body: TILE_PNG });
    });
    await page.goto('/Assistance');
    await expect(region(page, 'Accès au centre')).toBeVisible();
    await expect(region(page, "Carte de l'accès au centre")).toHaveCount(0);
    expect(thirdParty).toEqual([]);

    await showMap(page);
    const marker = page.getByRole('button', { name: `Emplacement du centre : ${CENTRE_NAME}` });
    await expect(marker).toBeVisible();
    const popup = page.locator('.leaflet-popup-content');
    await expect(popup).toContainText(CENTRE_NAME);
    await expect(popup).toContainText(ADDRESS);
    await expect(page.getByRole('link', { name: "les contributeurs d'OpenStreetMap" })).toHaveAttribute(
      'href',
      'https://www.openstreetmap.org/copyright',
    );
    await expect(page.getByRole('button', { name: 'Zoom avant' })).toBeVisible();
    await expect(page.getByRole('status')).toHaveCount(0);
    // Only the tile server, with the site's origin as referrer (its tile policy asks for one).
    expect(thirdParty.length).toBeGreaterThan(0);
    expect(thirdParty.every((url) => url.startsWith('https://tile.openstreetmap.org/19/'))).toBe(true);
    expect(new Set(referrers)).toEqual(new Set([`${new URL(page.url()).origin}/`]));
    await expectAccessible(page);

    // The choice holds for the tab: a reload shows the map at once.
    await page.reload();
    await expect(marker).toBeVisible();
    await expect(page.getByRole('button', { name: 'Afficher la carte' })).toHaveCount(0);
  });

  test('when the tiles cannot load, a notice gives the address and the link', async ({ page }) => {
    await page.route(TILES, (route) => route.abort());
    await page.goto('/Assistance');
    await showMap(page);
    const notice = page.getByRole('status').filter({ hasText: "La carte n'a pas pu être chargée." });
    await expect(notice).toBeVisible();
    await expect(notice).toContainText(ADDRESS);
    await expect(notice.getByRole('link', { name: /^Ouvrir dans OpenStreetMap/ })).toHaveAttribute(
      'href',
      OSM_URL,
    );
    await expectContactsAndHours(page);
    await expectAccessible(page);
  });

  test('signed in, a participant has no manager block and never asks for one', async ({ page }) => {
    const managerCalls: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/getGestionnaire')) managerCalls.push(request.url());
    });
    await signIn(page, 'participant.dmc');
    await page
      .getByRole('navigation', { name: 'Menu principal' })
      .getByRole('link', { name: 'Assistance', exact: true })
      .click();
    await expect(page).toHaveURL(/\/assistance$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Assistance' })).toBeVisible();
    await expectContactsAndHours(page);
    await expect(region(page, 'Accès au centre')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Votre gestionnaire' })).toHaveCount(0);
    expect(managerCalls).toEqual([]);
    await expectAccessible(page);
  });

  test("signed in, a correspondant sees their establishment's manager", async ({ page }) => {
    await signIn(page, 'corr.etablissement', { correspondant: true });
    const answer = page.waitForResponse((response) => response.url().endsWith('/api/getGestionnaire'));
    await page
      .getByRole('navigation', { name: 'Menu principal' })
      .getByRole('link', { name: 'Assistance', exact: true })
      .click();
    const manager = (await (await answer).json()) as { name: string; telephone: string | null } | null;
    expect(manager).not.toBeNull();
    const block = region(page, 'Votre gestionnaire');
    await expect(block).toContainText(manager?.name ?? '');
    if (manager?.telephone)
      await expect(block.getByRole('link', { name: manager.telephone })).toHaveAttribute(
        'href',
        /^tel:\+?\d+$/,
      );
    const headings = page.getByRole('main').getByRole('heading', { level: 2 });
    await expect(headings).toHaveText([
      'Contact par e-mail',
      'Assistance téléphonique',
      'Votre gestionnaire',
      'Accès au centre',
    ]);
    await expectAccessible(page);
  });

  test('in English, through the language switch, with the map', async ({ page }) => {
    await page.route(TILES, (route) =>
      route.fulfill({ status: 200, contentType: 'image/png', body: TILE_PNG }),
    );
    // A Saturday: the helpline is closed.
    await page.clock.setSystemTime(new Date('2026-03-21T10:00:00Z'));
    await page.goto('/Assistance');
    await expect(region(page, 'Contact par e-mail')).toBeVisible();
    await page.getByRole('group', { name: 'Langue' }).getByRole('button', { name: 'English' }).click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    const contacts = region(page, 'Contact by e-mail');
    await expect(contacts.getByText('Data protection officer')).toBeVisible();
    const helpline = region(page, 'Helpline');
    await expect(helpline).toContainText('Monday to Friday, 7:30 am to 6:00 pm');
    await expect(helpline.getByText('Closed now', { exact: true })).toBeVisible();
    await expect(
      region(page, 'Getting to the centre').getByRole('link', {
        name: 'Open in OpenStreetMap (opens in a new window)',
      }),
    ).toHaveAttribute('href', OSM_URL);
    await expectAccessible(page);

    await region(page, 'Getting to the centre').getByRole('button', { name: 'Show the map' }).click();
    await expect(region(page, 'Map of the way to the centre')).toBeVisible();
    await expect(page.getByRole('button', { name: `Location of the centre: ${CENTRE_NAME}` })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Zoom in' })).toBeVisible();
    await expect(page.locator('.leaflet-popup-content')).toContainText(ADDRESS);
    await expectAccessible(page);
  });
});

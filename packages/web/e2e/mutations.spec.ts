import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { apiToken, createParticipant, getJson, listParticipants, uniqueName } from './participants-api';
import { expectAccessible, signIn, test } from './support';

/**
 * Transfers between establishments (docs/transfers.md#list, docs/transfers.md#accept): the list's filters, the detail, accept and cancel.
 *
 * Test data: the server's data is shared by every spec of the run, and the participant and check-up
 * specs count corr.etablissement's, corr.entreprise's and corr.groupe's participants and check-ups.
 * So each test creates, through the API, the participants and transfers it acts on, with names of its
 * own, between corr.etablissement's establishment and corr.autre's (an unrelated company and group):
 * both ends have a correspondant who signs in, no other spec counts corr.autre's participants (its
 * only other use, the account spec, edits its address), and the new participants have no check-up,
 * so no check-up list moves. Moves go out of corr.etablissement's establishment, or come in and are
 * declined, so its participants end as many as before; the demo's own transfers are only read.
 */

const MAIN = 'corr.etablissement';
const OTHER = 'corr.autre';

interface Home {
  etablissementRattachement: { id: number; raisonsociale: string } | null;
}

async function establishmentOf(request: APIRequestContext, token: string) {
  const home = await getJson<Home>(request, token, '/get-detail-accueil');
  if (!home.etablissementRattachement) throw new Error('no establishment');
  return home.etablissementRattachement;
}

/** A new participant of the login's establishment, whose transfer to `destination` is requested. */
async function pendingTransfer(
  request: APIRequestContext,
  login: string,
  destination: number,
  prefix: string,
) {
  const token = await apiToken(request, login);
  const person = { nom: uniqueName(prefix), prenom: 'Chloé' };
  const id = await createParticipant(request, token, person);
  const reply = await request.post(`/api/adherents/${id}/muter`, {
    headers: { Authorization: `Bearer ${token}` },
    data: { etablissementDestination: destination, motifMouvement: 55, priseEnChargeBilanEnCours: false },
  });
  expect(reply.ok(), `muter: ${reply.status()}`).toBe(true);
  return { id, name: `${person.nom.toUpperCase()} ${person.prenom}` };
}

const grid = (page: Page) => page.getByRole('grid', { name: /^(Mutations|Transfers)$/ });
const rowOf = (page: Page, name: string) =>
  grid(page)
    .getByRole('row')
    .filter({ has: page.getByRole('gridcell', { name, exact: true }) });

async function openList(page: Page) {
  await page
    .getByRole('navigation', { name: 'Menu principal' })
    .getByRole('link', { name: 'Mutations' })
    .click();
  await expect(page.getByRole('heading', { name: 'Mutations', level: 1 })).toBeVisible();
}

test.describe('transfers', () => {
  test('an establishment correspondant filters the list, opens a transfer and declines an incoming one', async ({
    page,
  }) => {
    const request = page.request;
    const main = await establishmentOf(request, await apiToken(request, MAIN));
    const other = await establishmentOf(request, await apiToken(request, OTHER));
    const outgoing = await pendingTransfer(request, MAIN, other.id, 'Sortante');
    const incoming = await pendingTransfer(request, OTHER, main.id, 'Entrante');

    await signIn(page, MAIN, { correspondant: true });
    await openList(page);
    const inProgress = page.getByRole('checkbox', { name: 'En cours' });
    const incomingBox = page.getByRole('checkbox', { name: 'Entrantes' });
    const outgoingBox = page.getByRole('checkbox', { name: 'Sortantes' });
    await expect(inProgress).toBeChecked();
    await expect(incomingBox).not.toBeChecked();
    await expect(outgoingBox).not.toBeChecked();
    // The newest first, 20 a page: both new transfers are on the first page, drawn as in progress.
    await expect(rowOf(page, outgoing.name)).toBeVisible();
    await expect(rowOf(page, incoming.name)).toHaveClass(/row-highlighted/);
    await expect(page.getByText(/^1–\d+ sur \d+$/)).toBeVisible();
    await expect(rowOf(page, incoming.name).getByRole('img', { name: 'Annulation possible' })).toBeVisible();
    await expectAccessible(page);

    // Incoming and outgoing exclude each other.
    await incomingBox.check();
    await expect(page).toHaveURL(/entrantes=true/);
    await expect(rowOf(page, incoming.name)).toBeVisible();
    await expect(rowOf(page, outgoing.name)).toHaveCount(0);
    await outgoingBox.check();
    await expect(incomingBox).not.toBeChecked();
    await expect(page).toHaveURL(/sortantes=true/);
    await expect(rowOf(page, outgoing.name)).toBeVisible();
    await expect(rowOf(page, incoming.name)).toHaveCount(0);
    for (const source of await grid(page)
      .locator('[role="gridcell"][data-field="etablissementSource"]')
      .allTextContents())
      expect(source).toBe(main.raisonsociale);
    await outgoingBox.uncheck();
    await inProgress.uncheck();
    await expect(page).toHaveURL(/encours=false/);
    await expect(rowOf(page, incoming.name)).toBeVisible();
    await inProgress.check();

    // The demo's incoming transfers include one whose participant has a check-up in progress and
    // asks for its takeover: the accept dialog warns of it (closed here without accepting).
    await incomingBox.check();
    const withCheckup = grid(page)
      .getByRole('row')
      .filter({ has: page.getByRole('img', { name: 'Bilan en cours' }) });
    await expect(withCheckup.first()).toBeVisible();
    await withCheckup.first().click();
    await expect(page).toHaveURL(/\/mutation\/\d+$/);
    await expect(page.getByRole('heading', { name: 'Détail de la mutation', level: 1 })).toBeVisible();
    await expect(page.getByRole('navigation', { name: "Fil d'Ariane" })).toHaveText(
      /Accueil.*Mutations.*Détail de la mutation/,
    );
    await page.getByRole('button', { name: 'Accepter' }).click();
    const accept = page.getByRole('dialog', { name: 'Accepter la mutation' });
    await expect(accept.getByRole('alert')).toContainText('le bilan en cours sera transféré avec lui');
    await accept.getByRole('button', { name: 'Retour' }).click();
    await expect(accept).toHaveCount(0);
    await page.goBack();
    await expect(incomingBox).toBeChecked();
    await incomingBox.uncheck();

    // Keyboard: Enter on a focused row opens it; the source end may withdraw but not accept.
    await rowOf(page, outgoing.name).getByRole('gridcell').first().focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/mutation\/\d+$/);
    await expect(page.getByRole('textbox', { name: 'Participant', exact: true })).toHaveValue(outgoing.name);
    await expect(page.getByRole('textbox', { name: 'N° de participant' })).toHaveValue(String(outgoing.id));
    await expect(page.getByRole('textbox', { name: "Établissement d'origine", exact: true })).toHaveValue(
      main.raisonsociale,
    );
    await expect(
      page.getByRole('textbox', { name: 'Établissement de destination', exact: true }),
    ).toHaveValue(other.raisonsociale);
    await expect(page.getByRole('textbox', { name: 'Type de mouvement' })).toHaveValue('Mutation');
    await expect(page.getByRole('button', { name: 'Accepter' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Annuler la mutation' })).toBeEnabled();
    await page.goBack();

    // The incoming one is declined: it leaves the list of transfers in progress.
    await rowOf(page, incoming.name).click();
    await expect(page.getByText('En cours', { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Accepter' })).toBeVisible();
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Annuler la mutation' }).click();
    const cancel = page.getByRole('dialog', { name: 'Annuler la mutation' });
    await expect(cancel).toContainText(incoming.name);
    await cancel.getByRole('button', { name: 'Annuler la mutation' }).click();
    await expect(page.getByText('La mutation a été annulée.')).toBeVisible();
    await expect(page).toHaveURL(/\/mutation$/);
    await expect(rowOf(page, outgoing.name)).toBeVisible();
    await expect(rowOf(page, incoming.name)).toHaveCount(0);
    // Closed, it still shows among all transfers, with nothing left to cancel.
    await inProgress.uncheck();
    await expect(
      rowOf(page, incoming.name).getByRole('img', { name: 'Annulation impossible' }),
    ).toBeVisible();
    await expect(rowOf(page, incoming.name)).not.toHaveClass(/row-highlighted/);
  });

  test('the destination accepts: the participant leaves the source correspondant’s list and joins theirs', async ({
    page,
    browser,
  }) => {
    const request = page.request;
    const other = await establishmentOf(request, await apiToken(request, OTHER));
    const moving = await pendingTransfer(request, MAIN, other.id, 'Acceptee');

    // The source correspondant's list, in a tab of their own.
    const sourceContext = await browser.newContext({
      baseURL: test.info().project.use.baseURL,
      locale: 'fr-FR',
      timezoneId: 'Europe/Paris',
    });
    const source = await sourceContext.newPage();
    await signIn(source, MAIN, { correspondant: true });
    await source.goto(`/adherentsCorrespondant?id=${moving.id}`);
    const sourceGrid = source.getByRole('grid', { name: 'Participants' });
    await expect(sourceGrid.getByText(moving.name)).toBeVisible();

    await signIn(page, OTHER, { correspondant: true });
    await openList(page);
    await page.getByRole('checkbox', { name: 'Entrantes' }).check();
    await rowOf(page, moving.name).click();
    await page.getByRole('button', { name: 'Accepter' }).click();
    const accept = page.getByRole('dialog', { name: 'Accepter la mutation' });
    await expect(accept).toContainText(`${moving.name} rejoindra l'établissement ${other.raisonsociale}`);
    // No check-up in progress: no takeover warning.
    await expect(accept.getByRole('alert')).toHaveCount(0);
    await accept.getByRole('button', { name: 'Accepter la mutation' }).click();
    await expect(page.getByText('La mutation a été acceptée')).toBeVisible();
    // Back one step: the filtered list, without it.
    await expect(page).toHaveURL(/\/mutation\?entrantes=true$/);
    await expect(page.getByRole('checkbox', { name: 'Entrantes' })).toBeChecked();
    await expect(rowOf(page, moving.name)).toHaveCount(0);

    await page.goto(`/adherentsCorrespondant?id=${moving.id}`);
    await expect(page.getByRole('grid', { name: 'Participants' }).getByText(moving.name)).toBeVisible();
    await source.reload();
    await expect(source.getByText('Aucun participant ne correspond à ces critères.')).toBeVisible();
    const sourceToken = await apiToken(request, MAIN);
    expect((await listParticipants(request, sourceToken, { idParticipant: moving.id })).totalRows).toBe(0);
    await sourceContext.close();
  });

  test('a list that cannot be read says so with Retry, and neither "no transfer" nor "0 of 0" (issue 18)', async ({
    page,
  }) => {
    await signIn(page, MAIN, { correspondant: true });
    await page.route('**/api/mutation?*', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{}' }),
    );
    await openList(page);
    const failure = page
      .getByRole('alert')
      .filter({ hasText: "La liste des mutations n'a pas pu être chargée." });
    const expectFailedOnly = async () => {
      await expect(failure).toBeVisible();
      await expect(failure.getByRole('button', { name: 'Réessayer' })).toBeVisible();
      await expect(grid(page)).toContainText('La liste n’a pas pu être chargée');
      await expect(page.getByText('Aucune mutation ne correspond à ces critères.')).toHaveCount(0);
      await expect(page.getByText(/\d+–\d+ sur \d+/)).toHaveCount(0);
    };
    await expectFailedOnly();
    await page.getByRole('checkbox', { name: 'Entrantes' }).check();
    await expectFailedOnly();
    await expectAccessible(page);
    await page.unroute('**/api/mutation?*');
    await failure.getByRole('button', { name: 'Réessayer' }).click();
    await expect(failure).toHaveCount(0);
    await expect(
      page.getByText(/\d+–\d+ sur \d+|Aucune mutation ne correspond à ces critères\./),
    ).toBeVisible();
  });

  test('in English, the list and the detail are translated and accessible', async ({ page }) => {
    await signIn(page, MAIN, { correspondant: true });
    await page.getByRole('banner').getByRole('button', { name: /\w/ }).last().click();
    await page.getByRole('menuitemradio', { name: 'English' }).click();
    await page
      .getByRole('navigation', { name: 'Main menu' })
      .getByRole('link', { name: 'Transfers' })
      .click();
    await expect(page.getByRole('heading', { name: 'Transfers', level: 1 })).toBeVisible();
    await expect(page.getByRole('checkbox', { name: 'In progress' })).toBeChecked();
    await expect(page.getByRole('checkbox', { name: 'Incoming' })).not.toBeChecked();
    await expect(page.getByRole('columnheader', { name: 'To', exact: true })).toBeVisible();
    await expect(page.getByText('Rows per page:')).toBeVisible();
    await expectAccessible(page);
    await grid(page)
      .getByRole('row')
      .filter({ has: page.getByRole('gridcell') })
      .first()
      .click();
    await expect(page.getByRole('heading', { name: 'Transfer details', level: 1 })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Cancel the transfer' })).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Movement type' })).toHaveValue('Transfer');
    await expectAccessible(page);
  });
});

test.describe('on a device in New York (issue 18)', () => {
  test.use({ timezoneId: 'America/New_York' });

  test('the transfers and the last sign-in show the centre’s times, said to be Paris time', async ({
    page,
  }) => {
    // A sign-in through the API first, so that the screens have a previous one to show.
    await apiToken(page.request, MAIN);
    await signIn(page, MAIN, { correspondant: true });
    await expect(
      page.getByText(/^Dernière connexion le \d{2}\/\d{2}\/\d{4} à \d{2}:\d{2} \(heure de Paris\)$/),
    ).toBeVisible();

    const listed = page.waitForResponse((response) => /\/api\/mutation\?/.test(response.url()));
    await page.goto('/mutation?encours=false');
    const { items } = (await (await listed).json()) as { items: { date: string }[] };
    const first = items[0];
    if (!first) throw new Error('no transfer');
    const parts = Object.fromEntries(
      new Intl.DateTimeFormat('en-GB', {
        timeZone: 'Europe/Paris',
        day: '2-digit',
        month: '2-digit',
        year: 'numeric',
        hour: '2-digit',
        minute: '2-digit',
        hourCycle: 'h23',
      })
        .formatToParts(new Date(first.date))
        .map((part) => [part.type, part.value]),
    );
    const paris = `${parts.day}/${parts.month}/${parts.year} ${parts.hour}:${parts.minute}`;
    await expect(grid(page).locator('.MuiDataGrid-row').first().locator('[data-field="date"]')).toHaveText(
      paris,
    );
    await expect(page.getByText('Heures de Paris', { exact: true })).toBeVisible();
    await grid(page).locator('.MuiDataGrid-row').first().locator('[data-field="date"]').click();
    await expect(page.getByRole('textbox', { name: 'Date' })).toHaveValue(`${paris} (heure de Paris)`);
  });
});

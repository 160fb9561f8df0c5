import { readFile } from 'node:fs/promises';
import { expect, type Locator, type Page } from '@playwright/test';
import { expectAccessible, signIn, test } from './support';

/**
 * My appointments (docs/appointments.md#list): the upcoming and the past ones apart (issue 18), the calendar link
 * and the .ics file on the upcoming ones only.
 */

interface Appointment {
  id: number;
  objet: string;
  debut: string;
  fin: string;
  bilanEnCours: boolean;
}

const TABLE = 'Rendez-vous à venir';
const PAST = 'Rendez-vous passés';
const dataRows = (page: Page, table = TABLE) =>
  page
    .getByRole('grid', { name: table })
    .getByRole('row')
    .filter({ has: page.getByRole('gridcell') });
/** The reply of one half of the list (`quand=avenir|passe`). */
const listReply = (page: Page, when: 'avenir' | 'passe') =>
  page.waitForResponse(
    (response) =>
      response.url().includes('/api/participant/rdvs-participant?') &&
      response.url().includes(`quand=${when}`),
  );

async function focused(locator: Locator): Promise<boolean> {
  return locator.evaluate((element) => element === document.activeElement);
}

/** The VEVENT's properties of an iCalendar text (RFC 5545 unfolding and unescaping). */
function veventOf(text: string): Record<string, string> {
  const lines = text.replace(/\r\n[ \t]/g, '').split('\r\n');
  const fields: Record<string, string> = {};
  for (const line of lines.slice(lines.indexOf('BEGIN:VEVENT') + 1, lines.indexOf('END:VEVENT'))) {
    const colon = line.indexOf(':');
    fields[line.slice(0, colon).split(';')[0] ?? ''] = line.slice(colon + 1).replace(/\\([,;\\])/g, '$1');
  }
  return fields;
}

const utc = (iso: string) => `${new Date(iso).toISOString().replace(/[-:]/g, '').slice(0, 15)}Z`;
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

test.describe('my appointments', () => {
  test('participant.dmc sees their appointments, adds one to a calendar and downloads its .ics', async ({
    page,
  }) => {
    await signIn(page, 'participant.dmc');
    const listed = listReply(page, 'avenir');
    const pastListed = listReply(page, 'passe');
    await page
      .getByRole('navigation', { name: 'Menu principal' })
      .getByRole('link', { name: 'Mes rendez-vous', exact: true })
      .click();
    await expect(page.getByRole('heading', { name: 'Mes rendez-vous', level: 1 })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'À venir', level: 2 })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Passés', level: 2 })).toBeVisible();
    const { items, totalRows } = (await (await listed).json()) as { items: Appointment[]; totalRows: number };
    expect(totalRows).toBeGreaterThan(0);
    await expect(dataRows(page)).toHaveCount(Math.min(15, totalRows));
    // Upcoming soonest first, all ahead; past ones newest first, all behind, and no calendar there.
    const starts = items.map((item) => Date.parse(item.debut));
    expect(starts).toEqual([...starts].sort((a, b) => a - b));
    expect(Math.min(...starts)).toBeGreaterThanOrEqual(Date.now() - 60_000);
    const past = (await (await pastListed).json()) as { items: Appointment[]; totalRows: number };
    expect(past.totalRows).toBeGreaterThan(0);
    const pastStarts = past.items.map((item) => Date.parse(item.debut));
    expect(pastStarts).toEqual([...pastStarts].sort((a, b) => b - a));
    expect(Math.max(...pastStarts)).toBeLessThan(Date.now());
    await expect(dataRows(page, PAST)).toHaveCount(Math.min(15, past.totalRows));
    await expect(dataRows(page, PAST).first()).toContainText(past.items[0]?.objet ?? '-');
    await expect(
      page.getByRole('grid', { name: PAST }).getByRole('columnheader', { name: 'Agenda' }),
    ).toHaveCount(0);
    await expect(
      page.getByRole('grid', { name: PAST }).getByRole('link', { name: /Google Agenda/ }),
    ).toHaveCount(0);
    const first = items[0];
    if (!first) throw new Error('no appointment');
    const row = dataRows(page).first();
    await expect(row.getByRole('gridcell', { name: first.objet, exact: true })).toBeVisible();
    await expect(row.getByRole('gridcell', { name: paris(first.debut), exact: true })).toBeVisible();
    // A Paris device shows the centre's times as its own: no notice.
    await expect(page.getByText('Heures de Paris')).toHaveCount(0);
    await expect(page.getByRole('img', { name: 'Bilan en cours' }).first()).toBeVisible();
    for (const header of ['Objet', 'Début', 'Cardiologue', 'Interniste', 'Gynécologue', 'Statut']) {
      await expect(
        page.getByRole('grid', { name: TABLE }).getByRole('columnheader', { name: header }),
      ).toBeVisible();
    }
    await expectAccessible(page);

    // The Google Calendar link: a new tab, no opener, the appointment's purpose and UTC times.
    const google = row.getByRole('link', { name: /^Ajouter à Google Agenda/ });
    await expect(google).toHaveAttribute('target', '_blank');
    await expect(google).toHaveAttribute('rel', 'noopener noreferrer');
    const url = new URL((await google.getAttribute('href')) ?? '');
    expect(`${url.origin}${url.pathname}`).toBe('https://calendar.google.com/calendar/render');
    expect(url.searchParams.get('action')).toBe('TEMPLATE');
    expect(url.searchParams.get('text')).toBe(first.objet);
    expect(url.searchParams.get('dates')).toBe(`${utc(first.debut)}/${utc(first.fin)}`);

    // Keyboard: Tab into the grid, down to the first row's calendar actions, across to the file, Enter.
    const header = page.getByRole('grid', { name: TABLE }).getByRole('columnheader', { name: 'Agenda' });
    for (let i = 0; i < 40 && !(await focused(header)); i += 1) {
      const inGrid = await page
        .getByRole('grid', { name: TABLE })
        .evaluate((grid) => grid.contains(document.activeElement));
      await page.keyboard.press(inGrid ? 'ArrowLeft' : 'Tab');
    }
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => focused(google)).toBe(true);
    const download = row.getByRole('button', { name: /^Télécharger le fichier d'agenda/ });
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => focused(download)).toBe(true);
    const downloading = page.waitForEvent('download');
    await page.keyboard.press('Enter');
    const file = await downloading;
    // Named as the list shows it (its day), not by the record's id.
    expect(file.suggestedFilename()).toMatch(/^Rendez-vous \d{4}-\d{2}-\d{2}\.ics$/);
    const event = veventOf(await readFile(await file.path(), 'utf8'));
    expect(event.SUMMARY).toBe(first.objet);
    expect(event.DTSTART).toBe(utc(first.debut));
    expect(event.LOCATION).toContain('75008 Paris');
  });
});

test.describe('on a device in New York (issue 18)', () => {
  test.use({ timezoneId: 'America/New_York' });

  test('participant.dmc sees the centre’s times, said to be Paris time, at home and in the table', async ({
    page,
  }) => {
    await signIn(page, 'participant.dmc');
    // The demo's first visit is at 07:30 at the centre, which New York calls 01:30 or 02:30.
    const checkup = page.getByRole('region', { name: 'Mon bilan en cours' });
    await expect(checkup.getByText(/^Le \d{2}\/\d{2}\/\d{4} à 07:30$/)).toBeVisible();
    await expect(checkup.getByText('Heures de Paris', { exact: true })).toBeVisible();
    const listed = listReply(page, 'avenir');
    await page
      .getByRole('navigation', { name: 'Menu principal' })
      .getByRole('link', { name: 'Mes rendez-vous', exact: true })
      .click();
    const { items } = (await (await listed).json()) as { items: Appointment[] };
    const first = items[0];
    if (!first) throw new Error('no appointment');
    const row = dataRows(page).first();
    await expect(row.getByRole('gridcell', { name: paris(first.debut), exact: true })).toBeVisible();
    await expect(page.getByText('Heures de Paris', { exact: true })).toBeVisible();
  });
});

import { expect, type Locator, type Page } from '@playwright/test';
import { expectAccessible, signIn, test } from './support';

/**
 * Issue 18, "English is English": reference data the server sends (visit types and states,
 * appointment purposes and statuses, advice-sheet titles, document types) shows in English in the
 * English interface, never in French.
 */

/** The demo's French reference labels (packages/server/src/demo/catalogue.ts). */
const FRENCH_LABELS = [
  'Examens biologiques et techniques',
  'Consultation médicale',
  'Consultation de synthèse',
  'Mammographie',
  'Ostéopathie',
  'Réalisée',
  'Planifiée',
  'À planifier',
  'Honoré',
  'Confirmé',
  'Annulé',
  'Alimentation équilibrée',
  'Activité physique au quotidien',
  'Bien dormir',
  'Arrêter de fumer',
  'Gérer son stress',
  'Prévention cardiovasculaire',
  'Dépistage des cancers',
  'Résultats biologiques',
  'Électrocardiogramme',
  'Imagerie',
  'Compte rendu de consultation',
  'Synthèse du bilan',
  'Consultation gynécologique',
  'Frottis cervico-utérin',
  'Courrier de résultats',
  'Courrier de convocation',
];

async function expectNoFrench(page: Page, path: string, within: Locator = page.getByRole('main')) {
  const text = await within.innerText();
  for (const label of FRENCH_LABELS) expect(text, `${path} shows “${label}”`).not.toContain(label);
}

async function open(page: Page, path: string, ready: RegExp) {
  await page.goto(path);
  await expect(page.getByRole('main').getByText(ready).first()).toBeVisible();
}

const shoot = async (page: Page, name: string) => {
  for (const [width, height] of [
    [375, 812],
    [1366, 768],
  ] as const) {
    await page.setViewportSize({ width, height });
    await page.screenshot({ path: `/tmp/shots-applies/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1366, height: 768 });
};

test.describe('reference data in English', () => {
  test('participant.en finds no French reference label on home, appointments, documents and sheets', async ({
    page,
  }) => {
    await signIn(page, 'participant.en');
    await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeVisible();
    await open(page, '/home', /Welcome/);
    await expectNoFrench(page, '/home');
    await open(page, '/participant/mesrendezvous', /Purpose|No appointment/);
    await expectNoFrench(page, '/participant/mesrendezvous');
    for (const path of ['/document/resultatsAnalyses', '/document/consultations', '/document/courrier']) {
      await page.goto(path);
      await expect(page.getByRole('main').getByRole('row').nth(1)).toBeVisible();
      await expectNoFrench(page, path);
    }
    await open(page, '/fiche/liste', /A balanced diet|Sleeping well/);
    await expectNoFrench(page, '/fiche/liste');
    await shoot(page, 'sheets-en');
    await expectAccessible(page);
  });

  test('participant.dmc in English sees the visits and appointments in English, and in French again in French', async ({
    page,
  }) => {
    await signIn(page, 'participant.dmc');
    await page.getByRole('banner').getByRole('button', { name: /\w/ }).last().click();
    await page.getByRole('menuitemradio', { name: 'English' }).click();
    await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeVisible();
    const card = page.getByRole('region', { name: 'My check-up in progress' });
    await expect(
      card.getByRole('heading', { name: 'Visit 1: Laboratory and technical tests' }),
    ).toBeVisible();
    await expect(card.getByText('Done').first()).toBeVisible();
    await expect(card.getByText('Planned').first()).toBeVisible();
    // The card only: participant.dmc reads French, so the centre titled their documents in French.
    await expectNoFrench(page, '/home', card);
    await shoot(page, 'home-en');
    await open(page, '/participant/mesrendezvous', /Medical consultation/);
    await expect(
      page
        .getByRole('main')
        .getByText(/^(Confirmed|Attended)$/)
        .first(),
    ).toBeVisible();
    await expectNoFrench(page, '/participant/mesrendezvous');
    await shoot(page, 'appointments-en');

    await page.getByRole('banner').getByRole('button', { name: /\w/ }).last().click();
    await page.getByRole('menuitemradio', { name: 'Français' }).click();
    await expect(page.getByRole('main').getByText('Consultation médicale').first()).toBeVisible();
    await open(page, '/home', /Bienvenue/);
    await expect(
      page.getByRole('region', { name: 'Mon bilan en cours' }).getByText('Planifiée').first(),
    ).toBeVisible();
    await shoot(page, 'home-fr');
  });
});

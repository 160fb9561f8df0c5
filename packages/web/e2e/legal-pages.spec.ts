import { expect, type Page } from '@playwright/test';
import { expectAccessible, signIn, test } from './support';

/**
 * The legal notice (LCEN art. 6) and the accessibility statement (RGAA 4.1): open to anyone, reached
 * from every page's footer and from the side menu, built from the demo centre's configuration (which
 * has no audit yet: the statement's dates and rate are covered by the component tests).
 */

const footer = (page: Page) => page.getByRole('contentinfo');
const menu = (page: Page) => page.getByRole('navigation', { name: 'Menu principal' });
const section = (page: Page, name: string) => page.getByRole('region', { name, exact: true });
const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name });

const shot = (page: Page, name: string) =>
  page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });

async function expectLegalNotice(page: Page) {
  await expect(heading(page, 'Mentions légales')).toBeVisible();
  const publisher = section(page, 'Éditeur');
  await expect(publisher).toContainText('Centre de bilans de santé (démonstration)');
  await expect(publisher).toContainText('Association loi 1901');
  await expect(publisher.getByText('000 000 000 00000', { exact: true })).toBeVisible();
  await expect(publisher).toContainText('Le directeur du centre');
  await expect(
    section(page, 'Contact').getByRole('link', { name: 'support-portail@centre-bilans.example' }),
  ).toHaveAttribute('href', 'mailto:support-portail@centre-bilans.example');
  const host = section(page, 'Hébergement');
  await expect(host).toContainText('Hébergeur de démonstration (certifié HDS)');
  await expect(host).toContainText('01 00 00 00 00');
  await expect(host).toContainText('hébergeur certifié pour l’hébergement de données de santé (HDS)');
  await expect(
    section(page, 'Données personnelles').getByRole('link', { name: 'dpo@centre-bilans.example' }),
  ).toBeVisible();
}

async function expectAccessibilityStatement(page: Page) {
  await expect(heading(page, 'Déclaration d’accessibilité')).toBeVisible();
  const status = section(page, 'État de conformité');
  // The demo centre has not been audited: the RGAA then says "non conforme", with no rate.
  await expect(status).toContainText('est non conforme avec le référentiel général');
  await expect(status).toContainText('Aucun audit de conformité n’a encore été réalisé');
  const recourse = section(page, 'Voies de recours');
  await expect(
    recourse.getByRole('link', { name: /Défenseur des droits \(formulaire en ligne\)/ }),
  ).toBeVisible();
  await expect(recourse.getByRole('link', { name: '09 69 39 00 00' })).toHaveAttribute(
    'href',
    'tel:0969390000',
  );
  await expect(recourse).toContainText('Libre réponse 71120, 75342 Paris CEDEX 07');
  // One h1, then h2 parts with h3 inside: no level is skipped.
  await expect(page.getByRole('heading', { level: 2 })).toHaveText([
    'État de conformité',
    'Contenus non accessibles',
    'Établissement de cette déclaration',
    'Retour d’information et contact',
    'Voies de recours',
  ]);
}

test.describe('legal pages', () => {
  test('signed out, the sign-in page footer leads to both pages', async ({ page }) => {
    await page.goto('/login');
    await expect(footer(page).getByRole('link')).toHaveText([
      'Mentions légales',
      'Accessibilité : non conforme',
      'Assistance',
    ]);
    await expect(footer(page).getByRole('link', { name: 'Assistance' })).toHaveAttribute(
      'href',
      '/Assistance',
    );
    await shot(page, 'login-fr');
    await expectAccessible(page);

    await footer(page).getByRole('link', { name: 'Mentions légales' }).click();
    await expect(page).toHaveURL(/\/mentionsLegales$/);
    await expectLegalNotice(page);
    await expect(
      page.getByRole('link', { name: 'Consulter la politique de protection des données' }),
    ).toHaveCount(0);
    await expect(footer(page).getByRole('link', { name: 'Mentions légales' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await shot(page, 'legal-notice-fr');
    await expectAccessible(page);

    await footer(page).getByRole('link', { name: 'Accessibilité : non conforme' }).click();
    await expect(page).toHaveURL(/\/accessibilite$/);
    await expectAccessibilityStatement(page);
    await shot(page, 'accessibility-fr');
    await expectAccessible(page);
  });

  test('the keyboard reaches the footer links and follows them', async ({ page }) => {
    await page.goto('/login');
    await expect(footer(page).getByRole('link', { name: 'Accessibilité : non conforme' })).toBeVisible();
    const target = footer(page).getByRole('link', { name: 'Mentions légales' });
    let reached = false;
    for (let presses = 0; presses < 30 && !reached; presses++) {
      await page.keyboard.press('Tab');
      reached = await target.evaluate((link) => link === document.activeElement);
    }
    expect(reached).toBe(true);
    await page.keyboard.press('Tab');
    await expect(footer(page).getByRole('link', { name: 'Accessibilité : non conforme' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(heading(page, 'Déclaration d’accessibilité')).toBeVisible();
  });

  test('signed in, both pages open from the side menu and the footer, and the session stays', async ({
    page,
  }) => {
    await signIn(page, 'participant.dmc');
    await expect(menu(page).getByRole('link').last()).toHaveText('Déclaration d’accessibilité');
    await expect(footer(page).getByRole('link', { name: 'Assistance' })).toHaveAttribute(
      'href',
      '/assistance',
    );

    await menu(page).getByRole('link', { name: 'Mentions légales', exact: true }).click();
    await expect(page).toHaveURL(/\/mentionsLegales$/);
    await expectLegalNotice(page);
    // Signed in, the data-protection page is offered, and a link leads back home.
    await expect(
      page.getByRole('link', { name: 'Consulter la politique de protection des données' }),
    ).toHaveAttribute('href', '/politiqueProtectionDonnees');
    await shot(page, 'legal-notice-signed-in-fr');
    await expectAccessible(page);
    await page.getByRole('link', { name: "Retour à l'accueil" }).click();
    await expect(page).toHaveURL(/\/home$/);
    await expect(menu(page)).toBeVisible();

    await footer(page).getByRole('link', { name: 'Accessibilité : non conforme' }).click();
    await expect(page).toHaveURL(/\/accessibilite$/);
    await expectAccessibilityStatement(page);
    await expectAccessible(page);
    // The same tab, still signed in: back to a page only a signed-in participant may open.
    await page.goBack();
    await expect(page).toHaveURL(/\/home$/);
    await menu(page).getByRole('link', { name: 'Déclaration d’accessibilité' }).click();
    await expect(heading(page, 'Déclaration d’accessibilité')).toBeVisible();
    await page.goto('/participant/mesrendezvous');
    await expect(page).toHaveURL(/\/participant\/mesrendezvous$/);
    await expect(menu(page)).toBeVisible();
  });

  test('in English, after one switch of language', async ({ page }) => {
    await page.goto('/mentionsLegales');
    await expect(heading(page, 'Mentions légales')).toBeVisible();
    await page.getByRole('button', { name: 'English' }).click();
    await expect(heading(page, 'Legal notice')).toBeVisible();
    await expect(section(page, 'Publisher')).toContainText('000 000 000 00000');
    await expect(section(page, 'Hosting')).toContainText('Hébergeur de démonstration (certifié HDS)');
    await expect(footer(page).getByRole('link')).toHaveText([
      'Legal notice',
      'Accessibility: not compliant',
      'Assistance',
    ]);
    await shot(page, 'legal-notice-en');
    await expectAccessible(page);

    await footer(page).getByRole('link', { name: 'Accessibility: not compliant' }).click();
    await expect(heading(page, 'Accessibility statement')).toBeVisible();
    const status = section(page, 'Compliance status');
    await expect(status).toContainText('is not compliant with the French general accessibility');
    await expect(status).toContainText('No compliance audit has been carried out yet');
    await expect(section(page, 'Means of redress')).toContainText('Libre réponse 71120');
    await shot(page, 'accessibility-en');
    await expectAccessible(page);

    await page.goto('/login');
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
    await shot(page, 'login-en');
  });
});

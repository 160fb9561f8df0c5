import { expect } from '@playwright/test';
import { fillLogin, signIn, test } from './support';

test.describe('application shell', () => {
  test('an anonymous visitor is sent to sign in, then brought back to the page asked for', async ({
    page,
  }) => {
    await page.goto('/bilansCorrespondant');
    await expect(page).toHaveURL(/\/login/);
    await expect(page.getByText('Veuillez vous connecter pour accéder à cette fonction')).toBeVisible();
    await fillLogin(page, 'corr.etablissement', { correspondant: true });
    await expect(page).toHaveURL(/\/bilansCorrespondant$/);
    await expect(page.getByRole('heading', { name: 'Bilans' }).first()).toBeVisible();
  });

  test('the guard refuses a screen outside the role with its toast', async ({ page }) => {
    await signIn(page, 'corr.entreprise', { correspondant: true });
    await page.goto('/fiche/liste');
    await expect(
      page.getByText("Vos habilitations ne permettent pas d'accéder à cette fonction"),
    ).toBeVisible();
    await expect(page).toHaveURL(/\/home$/);
  });

  test('the policy refuses an inline script, and every test would see it in the console', async ({
    page,
    cspViolations,
  }) => {
    await page.goto('/login');
    await page.evaluate(() => {
      const script = document.createElement('script');
      script.textContent = 'document.body.dataset.injected = "yes";';
      document.body.append(script);
    });
    await expect.poll(() => cspViolations.length).toBeGreaterThan(0);
    expect(await page.evaluate(() => document.body.dataset.injected)).toBeUndefined();
    // Provoked here on purpose: the check every test ends with must not count it.
    cspViolations.length = 0;
  });

  test('an unknown page says so', async ({ page }) => {
    await signIn(page, 'corr.entreprise', { correspondant: true });
    await page.goto('/nulle-part');
    await expect(page.getByText('Ressource non trouvée').first()).toBeVisible();
  });

  test('the side menu toggles with shift+m and the language switches to English', async ({ page }) => {
    await signIn(page, 'corr.groupe', { correspondant: true });
    const menu = page.getByRole('navigation', { name: 'Menu principal' });
    await expect(menu).toBeVisible();
    await page.locator('body').press('Shift+M');
    await expect(menu).toBeHidden();
    await page.locator('body').press('Shift+M');
    await expect(menu).toBeVisible();
    await page.getByRole('banner').getByRole('button', { name: /\w/ }).last().click();
    await page.getByRole('menuitemradio', { name: 'English' }).click();
    await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', /en/);
  });

  test('a participant with anglaisUniquement gets the English interface', async ({ page }) => {
    await signIn(page, 'participant.en');
    await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Home' }).first()).toBeVisible();
  });

  test('an active reader with no server call stays signed in: the browser tells the server', async ({
    page,
  }) => {
    await page.clock.install();
    await signIn(page, 'corr.etablissement', { correspondant: true });
    const keepAlives: number[] = [];
    page.on('response', (response) => {
      if (response.url().endsWith('/api/oauth/keepalive')) keepAlives.push(response.status());
    });
    // Seven minutes of reading: the mouse moves, nothing calls the server but the keep-alive.
    for (let minute = 0; minute < 7; minute += 1) {
      await page.mouse.move(200 + minute * 20, 300);
      await page.clock.runFor(60_000);
    }
    await expect.poll(() => keepAlives.length).toBeGreaterThanOrEqual(5);
    expect(keepAlives.every((status) => status === 204)).toBe(true);
    await expect(page.getByRole('dialog', { name: 'Êtes-vous toujours là ?' })).toBeHidden();
    await expect(page).not.toHaveURL(/\/login/);
  });

  test('inactivity warns a minute before, can be dismissed, then signs out', async ({ page }) => {
    await page.clock.install();
    await signIn(page, 'corr.etablissement', { correspondant: true });
    await page.clock.fastForward(241_000);
    const dialog = page.getByRole('dialog', { name: 'Êtes-vous toujours là ?' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Rester connecté' }).click();
    await expect(dialog).toBeHidden();
    await page.clock.fastForward(241_000);
    await expect(dialog).toBeVisible();
    await page.clock.fastForward(61_000);
    await expect(page).toHaveURL(/\/login/);
    await expect(page.getByText("Vous avez été déconnecté après 5 minutes d'inactivité.")).toBeVisible();
  });
});

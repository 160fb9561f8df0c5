import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { expectAccessible, fillLogin, lastOutboxId, outboxAfter, test } from './support';

/**
 * Issue 19's demonstration, as a newcomer runs it: `npm run integration:demo` pushes an establishment,
 * a participant and a PDF through the FHIR API; the correspondants of the company see the participant,
 * and the participant, registered with the link and the centre's activation code, sees the document.
 */
const NEW_PASSWORD = 'Garonne#Quai2026';

interface DemoRun {
  participantId: string;
  activationCode: string;
  link: string;
}

function runDemo(baseURL: string): DemoRun {
  const output = execFileSync(
    process.execPath,
    [fileURLToPath(new URL('../../../scripts/integration-demo.mjs', import.meta.url))],
    {
      env: { ...process.env, PORTAL_URL: baseURL },
      encoding: 'utf8',
    },
  );
  const participantId = output.match(/Patient\/(\d+)\/_history/)?.[1] ?? '';
  const activationCode = output.match(/letter to the participant: ([A-Z0-9-]+)/)?.[1] ?? '';
  const link = output.match(/\/user\/registrationCompte\?token=\S+/)?.[0] ?? '';
  expect(participantId, output).not.toBe('');
  expect(activationCode, output).not.toBe('');
  expect(link, output).not.toBe('');
  return { participantId, activationCode, link };
}

async function typeDate(page: Page, label: RegExp, isoDate: string) {
  const [year, month, day] = isoDate.split('-');
  await page.getByRole('group', { name: label }).getByRole('spinbutton').first().click();
  await page.keyboard.type(`${day}${month}${year}`);
}

async function smsCode(request: APIRequestContext, afterId: number): Promise<string> {
  let code = '';
  await expect
    .poll(async () => {
      const sms = (await outboxAfter(request, afterId)).filter(
        (item) => item.channel === 'SMS' && item.recipient.replace(/\D/g, '').endsWith('12345678'),
      );
      code = sms.at(-1)?.body.match(/\b(\d{6})\b/)?.[1] ?? '';
      return code;
    })
    .not.toBe('');
  return code;
}

test.describe.configure({ mode: 'serial' });

test.describe('integration API demonstration', () => {
  let demo: DemoRun;

  test.beforeAll(({ baseURL }) => {
    demo = runDemo(baseURL ?? '');
  });

  for (const login of ['corr.entreprise', 'corr.groupe']) {
    test(`${login} finds the pushed participant and establishment in the participants list`, async ({
      page,
    }) => {
      await fillLogin(page, login, { correspondant: true });
      await expect(page.getByRole('navigation').first()).toBeVisible();
      await page.getByRole('link', { name: 'Liste des participants' }).click();
      await page.getByRole('textbox', { name: 'Nom', exact: true }).fill('demonstration');
      await expect(page.getByText('DEMONSTRATION Camille')).toBeVisible();
      await expect(page.getByText('Atelier de démonstration Bordeaux').first()).toBeVisible();
      await expectAccessible(page);
      await page.screenshot({ path: `../../test-results/integration-demo-${login}.png` });
    });
  }

  test('the participant registers with the link and the centre’s code, then reads the pushed result on a phone', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 375, height: 780 });
    const before = await lastOutboxId(page.request);
    await page.goto(demo.link);
    await typeDate(page, /^Date de naissance/, '1986-05-14');
    await page.getByRole('textbox', { name: "Code d'activation du centre" }).fill(demo.activationCode);
    await page.getByRole('button', { name: 'Suivant', exact: true }).click();
    await page.getByRole('textbox', { name: 'Code reçu par SMS' }).fill(await smsCode(page.request, before));
    await page.getByRole('button', { name: 'Suivant', exact: true }).click();
    await page.getByRole('button', { name: 'Suivant', exact: true }).click();
    await page.getByRole('button', { name: 'Suivant', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Étape 4 sur 6 : Coordonnées' })).toBeVisible();
    await page
      .getByRole('textbox', { name: 'Adresse e-mail personnelle' })
      .fill('camille.demonstration@example.fr');
    await page.getByRole('textbox', { name: 'Téléphone portable personnel' }).fill('06 12 34 56 78');
    await page.getByRole('button', { name: 'Suivant', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Étape 5 sur 6 : Sécurité' })).toBeVisible();
    const login = (await page.getByText(/^c\.demonstration\.[a-z0-9]+$/).textContent()) ?? '';
    await page.getByLabel('Mot de passe', { exact: true }).fill(NEW_PASSWORD);
    await page.getByLabel('Confirmation du mot de passe', { exact: true }).fill(NEW_PASSWORD);
    await page.getByRole('combobox', { name: 'Question secrète' }).click();
    await page.getByRole('option').first().click();
    await page.getByRole('textbox', { name: 'Réponse à la question secrète' }).fill('Bordeaux');
    await page.getByRole('button', { name: 'Suivant', exact: true }).click();
    await page.getByRole('checkbox', { name: "J'accepte l'accès à mon dossier médical en ligne" }).check();
    await page.getByRole('button', { name: 'Activer mon compte' }).click();
    await expect(page.getByText('Votre compte est activé.', { exact: false })).toBeVisible();

    // Sign-in: the password, then the code sent by text message to the mobile the back office gave.
    const beforeSignIn = await lastOutboxId(page.request);
    await fillLogin(page, login, { password: NEW_PASSWORD });
    await expect(page).toHaveURL(/\/user\/confirm/);
    await page
      .getByRole('textbox')
      .first()
      .fill(await smsCode(page.request, beforeSignIn));
    await page.getByRole('button', { name: 'Confirmer' }).click();
    await expect(page.getByRole('heading', { name: 'Bienvenue, DEMONSTRATION Camille' })).toBeVisible();
    // The home counts it as new; the results list shows it.
    await expect(page.getByText('Résultats de démonstration')).toBeVisible();
    await expectAccessible(page);
    await page.screenshot({ path: '../../test-results/integration-demo-home-phone.png', fullPage: true });
    await page.goto('/document/resultatsAnalyses');
    await expect(page.getByText('Résultats de démonstration').first()).toBeVisible();
    await expectAccessible(page);
    await page.screenshot({
      path: '../../test-results/integration-demo-participant-phone.png',
      fullPage: true,
    });
  });
});

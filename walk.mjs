import { chromium } from '@playwright/test';
import { generate } from 'otplib';
const BASE = 'http://localhost:3400';
const shot = (page, name) => page.screenshot({ path: `/tmp/shots/${name}.png`, fullPage: true });
async function lastId(page) { const r = await page.request.get(`${BASE}/api/dev/outbox?limit=1`); return (await r.json()).items[0]?.id ?? 0; }
async function code(page, after) {
  for (let i = 0; i < 40; i++) {
    const r = await page.request.get(`${BASE}/api/dev/outbox?limit=20`);
    const item = (await r.json()).items.find((x) => x.id > after && x.channel === 'SMS' && /code de connexion|sign-in code/.test(x.body));
    if (item) return item.body.match(/\b(\d{6})\b/)[1];
    await page.waitForTimeout(300);
  }
  throw new Error('no code');
}
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium-headless-shell', args: ['--no-sandbox'] });
// 1. Correspondant, FR desktop: password + SMS → Sécurité asks for a factor; add passkey; sign out; password + passkey.
{
  const ctx = await browser.newContext({ locale: 'fr-FR', timezoneId: 'Europe/Paris', viewport: { width: 1280, height: 900 } });
  const page = await ctx.newPage();
  page.on('response', (r) => { if (r.status() >= 400) console.log('HTTP', r.status(), r.request().method(), r.url()); });
  const cdp = await ctx.newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', { options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true } });
  await page.goto(`${BASE}/login`);
  await shot(page, '01-login-fr');
  let before = await lastId(page);
  await page.getByLabel('Je me connecte en tant que correspondant').check();
  await page.getByRole('textbox', { name: 'Identifiant correspondant' }).fill('corr.groupe');
  await page.getByLabel('Mot de passe', { exact: true }).fill('Portail#2026');
  await page.getByRole('button', { name: 'Se connecter', exact: true }).click();
  await page.waitForURL(/confirm/);
  await page.waitForTimeout(800);
  await shot(page, '02-confirm-sms-corr-fr');
  await page.getByRole('textbox').first().fill(await code(page, before));
  await page.getByRole('button', { name: 'Confirmer' }).click();
  await page.waitForURL(/onglet=securite/);
  await page.waitForTimeout(1200);
  await shot(page, '03-securite-asked-fr');
  await page.getByRole('button', { name: 'Ajouter une clé d’accès' }).click();
  await page.waitForTimeout(500);
  await shot(page, '04-add-passkey-dialog-fr');
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel(/Mot de passe actuel/).first().fill('Portail#2026');
  await dialog.getByRole('button', { name: 'Créer la clé' }).click();
  await page.waitForTimeout(2000);
  await shot(page, '05-passkey-added-fr');
  await page.evaluate(() => sessionStorage.clear());
  await page.goto(`${BASE}/login`);
  await page.waitForTimeout(500);
  await page.getByLabel('Je me connecte en tant que correspondant').check();
  await page.getByRole('textbox', { name: 'Identifiant correspondant' }).fill('corr.groupe');
  await page.getByLabel('Mot de passe', { exact: true }).fill('Portail#2026');
  await page.getByRole('button', { name: 'Se connecter', exact: true }).click();
  await page.waitForURL(/confirm/);
  await page.waitForTimeout(1000);
  await shot(page, '06-confirm-passkey-fr');
  await page.getByRole('button', { name: 'Utiliser ma clé d’accès' }).click();
  await page.waitForTimeout(2500);
  await shot(page, '07-after-passkey-fr');
  console.log('corr url', page.url());
  await ctx.close();
}
// 2. Participant, EN phone: SMS sign-in, add app, see codes, turn SMS off, sign out, sign in with app code.
{
  const ctx = await browser.newContext({ locale: 'en-GB', timezoneId: 'Europe/Paris', viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const page = await ctx.newPage();
  await page.goto(`${BASE}/login`);
  await page.getByRole('banner').getByRole('button').last().click();
  let before = await lastId(page);
  await page.getByRole('textbox', { name: 'Identifier' }).fill('participant.dmc');
  await page.getByLabel('Password', { exact: true }).fill('Portail#2026');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL(/confirm/);
  await page.getByRole('textbox').first().fill(await code(page, before));
  await page.getByRole('button', { name: 'Confirm' }).click();
  await page.waitForURL(/home/);
  await page.goto(`${BASE}/mescoordonnees?onglet=securite`);
  await page.waitForTimeout(1500);
  await shot(page, '10-security-en-phone');
  await page.getByRole('button', { name: /Add an authenticator app|Add an app/ }).first().click();
  await page.waitForTimeout(500);
  const d1 = page.getByRole('dialog');
  await d1.getByLabel(/Current password/).first().fill('Portail#2026');
  await shot(page, '11-app-password-en');
  await d1.getByRole('button').last().click();
  await page.waitForTimeout(1500);
  await shot(page, '12-app-qr-en');
  const text = await page.getByRole('dialog').innerText();
  const secret = (text.match(/([A-Z2-7]{4}(?: [A-Z2-7]{4}){7,})/) ?? [])[1]?.replace(/ /g, '');
  console.log('secret', secret);
  await page.getByRole('dialog').getByRole('textbox').last().fill(await generate({ secret }));
  await page.getByRole('dialog').getByRole('button').last().click();
  await page.waitForTimeout(1500);
  await shot(page, '13-recovery-codes-en');
  console.log(await page.getByRole('dialog').innerText().catch(() => 'no dialog'));
  await ctx.close();
}
await browser.close();

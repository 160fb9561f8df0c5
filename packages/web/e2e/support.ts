import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, test as base, expect, type Locator, type Page } from '@playwright/test';

export const PASSWORD = 'Portail#2026';

/**
 * The second factors' server (playwright.config.ts): the centre requires a correspondant's second
 * factor there, and only the second factors' specs sign in to it, each with accounts of its own. Its
 * address is a host name, not an IP address: WebAuthn refuses an IP address as the relying party.
 * A spec opens it with `test.use({ baseURL: FACTORS_URL })`: its pages, outbox reads and API calls go there.
 */
export const FACTORS_URL = `http://localhost:${Number(process.env.E2E_PORT ?? 3310) + 1}`;

/**
 * Every browser test fails on a Content Security Policy violation reported in the console of any page
 * of its context (Chromium writes "Refused to … because it violates the following Content Security
 * Policy directive"). `cspViolations` is what was seen; a test that provokes one on purpose empties it.
 */
export const test = base.extend<{ cspViolations: string[] }>({
  cspViolations: [
    async ({ context }, use) => {
      const violations: string[] = [];
      context.on('console', (message) => {
        if (message.type() === 'error' && /Content Security Policy/i.test(message.text())) {
          violations.push(message.text());
        }
      });
      await use(violations);
      expect(violations, 'Content Security Policy violations in the console').toEqual([]);
    },
    { auto: true },
  ],
});

export interface OutboxItem {
  id: number;
  channel: 'SMS' | 'MAIL' | 'LETTER';
  recipient: string;
  body: string;
}

/**
 * A sign-in code's text message (auth.service codeText), as opposed to the registration codes and the
 * recovery messages other specs send at the same time.
 */
const isSignInCode = (item: OutboxItem) =>
  item.channel === 'SMS' && /code de connexion|sign-in code/.test(item.body);

/** The newest sign-in code (6 digits) sent after `afterId` (demo outbox). */
export async function readCode(request: APIRequestContext, afterId: number): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(
      async () => {
        const reply = await request.get('/api/dev/outbox?limit=20');
        const { items } = (await reply.json()) as { items: OutboxItem[] };
        code = items.find((item) => isSignInCode(item) && item.id > afterId)?.body.match(/\b(\d{6})\b/)?.[1];
        return code;
      },
      { timeout: 10_000 },
    )
    .toBeTruthy();
  return code ?? '';
}

/**
 * The code sent after `afterId` to one recipient (a new contact e-mail or mobile confirmed by a code,
 * issue 17), read from the demo outbox filtered by recipient.
 */
export async function readCodeSentTo(
  request: APIRequestContext,
  recipient: string,
  afterId: number,
): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(
      async () => {
        const reply = await request.get('/api/dev/outbox', { params: { recipient, limit: 5 } });
        const { items } = (await reply.json()) as { items: OutboxItem[] };
        code = items.find((item) => item.id > afterId)?.body.match(/\b(\d{6})\b/)?.[1];
        return code;
      },
      { timeout: 10_000 },
    )
    .toBeTruthy();
  return code ?? '';
}

/** Types a code into the contact confirmation dialog's field named `label` and confirms it. */
export async function confirmContactCode(dialog: Locator, label: RegExp, code: string) {
  const form = dialog.locator('form').filter({ has: dialog.page().getByRole('textbox', { name: label }) });
  await form.getByRole('textbox', { name: label }).fill(code);
  await form.getByRole('button', { name: /^(Confirmer|Confirm)$/ }).click();
}

export async function lastOutboxId(request: APIRequestContext): Promise<number> {
  const reply = await request.get('/api/dev/outbox?limit=1');
  const { items } = (await reply.json()) as { items: OutboxItem[] };
  return items[0]?.id ?? 0;
}

export async function fillLogin(
  page: Page,
  identifier: string,
  options: { correspondant?: boolean; password?: string } = {},
) {
  if (!page.url().includes('/login')) await page.goto('/login');
  if (options.correspondant) await page.getByLabel('Je me connecte en tant que correspondant').check();
  await page
    .getByRole('textbox', { name: options.correspondant ? 'Identifiant correspondant' : 'Identifiant' })
    .fill(identifier);
  await page.getByLabel('Mot de passe', { exact: true }).fill(options.password ?? PASSWORD);
  await page.getByRole('button', { name: 'Se connecter', exact: true }).click();
}

/** The outbox's messages sent after `afterId`, oldest first (demo outbox). */
export async function outboxAfter(request: APIRequestContext, afterId: number): Promise<OutboxItem[]> {
  const reply = await request.get('/api/dev/outbox?limit=50');
  const { items } = (await reply.json()) as { items: OutboxItem[] };
  return items.filter((item) => item.id > afterId).sort((a, b) => a.id - b.id);
}

/** The last eight digits of a phone number, whatever its format (`06 …`, `+33 6 …`). */
const phoneKey = (phone: string) => phone.replace(/\D/g, '').slice(-8);

/** The sign-in codes sent after `afterId` (to `mobile` when given), oldest first (demo outbox). */
async function codesAfter(request: APIRequestContext, afterId: number, mobile?: string): Promise<string[]> {
  return (await outboxAfter(request, afterId))
    .filter((item) => isSignInCode(item))
    .filter((item) => mobile === undefined || phoneKey(item.recipient) === phoneKey(mobile))
    .flatMap((item) => item.body.match(/\b(\d{6})\b/)?.[1] ?? []);
}

export interface SignInOptions {
  correspondant?: boolean;
  /** Another password than the demo one (after a reset or a registration). */
  password?: string;
  /** The participant's mobile, when known: only codes sent to it are tried. */
  mobile?: string;
}

/** Signs in through the screens; participants type the code read from the outbox (enterSignInCode). */
/** The demo accounts of the centre's staff (demo/accounts.ts). */
const STAFF: ReadonlySet<string> = new Set(['admin', 'operateur']);

export async function signIn(page: Page, identifier: string, options: SignInOptions = {}) {
  const before = await lastOutboxId(page.request);
  await fillLogin(page, identifier, options);
  // Participants and the centre's staff (admin, operateur) confirm a code by text message.
  if (identifier.startsWith('participant') || STAFF.has(identifier)) {
    await expect(page).toHaveURL(/\/user\/confirm/);
    await enterSignInCode(page, before, options.mobile);
  }
  await expect(page.getByRole('navigation').first()).toBeVisible();
}

/**
 * Types the sign-in code sent after `afterId` on the confirmation screen and confirms it. Tests running
 * side by side may sign the same account in at the same moment, and the outbox cannot tell whose code
 * is whose: a refused code is followed by the next one sent (three tries are allowed).
 */
export async function enterSignInCode(page: Page, afterId: number, mobile?: string) {
  const tried = new Set<string>();
  for (let attempt = 0; attempt < 3; attempt++) {
    let code = '';
    await expect
      .poll(
        async () => {
          code =
            (await codesAfter(page.request, afterId, mobile)).find((candidate) => !tried.has(candidate)) ??
            '';
          return code;
        },
        { timeout: 10_000 },
      )
      .toBeTruthy();
    tried.add(code);
    await page.getByRole('textbox').first().fill(code);
    const answer = page.waitForResponse((response) => response.url().includes('/confirmer-code'));
    await page.getByRole('button', { name: /^(Confirmer|Confirm)$/ }).click();
    const { ok } = (await (await answer).json()) as { ok?: boolean };
    if (ok) return;
  }
  throw new Error('none of the sign-in codes sent was accepted');
}

/** axe (WCAG 2.1 AA) finds nothing on the page as it stands. */
export async function expectAccessible(page: Page) {
  // axe judges the page at rest: a colour still fading in (a button just enabled, a dialog opening)
  // would be measured half-way. Transitions end at once from here on.
  await page.addStyleTag({
    content: '*, *::before, *::after { transition: none !important; animation: none !important; }',
  });
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  expect(
    results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
  ).toEqual([]);
}

/**
 * Presses Tab (or `key`, Shift+Tab to go back) until `target`, on the screen, has the focus, as a
 * keyboard user would; fails when it is never reached within `max` presses.
 */
export async function tabTo(page: Page, target: Locator, { key = 'Tab', max = 60 } = {}) {
  // On the screen first (a list still loading would be tabbed past).
  await expect(target).toBeVisible();
  for (let press = 0; press < max; press++) {
    if (
      (await target.count()) === 1 &&
      (await target.evaluate((element) => element === document.activeElement))
    )
      return;
    await page.keyboard.press(key);
  }
  await expect(target, `reached by ${key}`).toBeFocused({ timeout: 1 });
}

/**
 * The page does not scroll sideways: it is no wider than the window. On failure, names what passes the
 * right edge (what a wide table should scroll inside of, not the page).
 */
export async function expectNoSidewaysScroll(page: Page) {
  const { scrollWidth, clientWidth, past } = await page.evaluate(() => {
    const root = document.documentElement;
    const edge = root.clientWidth + 1;
    const past: string[] = [];
    for (const element of document.body.querySelectorAll<HTMLElement>('*')) {
      const { right, width } = element.getBoundingClientRect();
      const parent = element.parentElement?.getBoundingClientRect();
      // The outermost only: an element past the edge whose parent is not.
      if (width > 0 && right > edge && (!parent || parent.right <= edge))
        past.push(
          `${element.tagName.toLowerCase()}.${[...element.classList].join('.')} (right ${Math.round(right)})`,
        );
    }
    return { scrollWidth: root.scrollWidth, clientWidth: root.clientWidth, past: past.slice(0, 10) };
  });
  expect(scrollWidth, `page wider than the window; past its edge: ${past.join(', ')}`).toBeLessThanOrEqual(
    clientWidth + 1,
  );
}

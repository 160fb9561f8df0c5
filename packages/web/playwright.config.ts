import { defineConfig, type PlaywrightTestConfig } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT ?? 3310);

/** The second factors' server (see webServer below; e2e/support.ts FACTORS_URL opens it). */
const FACTORS_PORT = PORT + 1;

/** The real server on a fresh in-memory demo database, with these settings over the specs' own. */
function demoServer(
  port: number,
  overrides: Record<string, string>,
): NonNullable<PlaywrightTestConfig['webServer']> & { command: string } {
  return {
    command: 'node --import tsx packages/server/src/demo/main.ts',
    cwd: '../..',
    url: `http://127.0.0.1:${port}/api/health`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: 'memory',
      DEMO_PARTICIPANTS: '300',
      SIGN_IN_CODE_TTL_S: '20',
      // The specs sign in from one address, the same participants many times over (the limits per
      // address and texts per account have their own tests: server auth-limits, security brute-force).
      SIGN_IN_IP_LIMIT: '100000',
      SIGN_IN_TEXT_LIMIT: '100000',
      // The Centre area's spec (centre.spec.ts) follows a refused text message: retries within seconds.
      DELIVERY_RETRY_DELAY_S: '1',
      DELIVERY_RETRY_DELAY_MAX_S: '3',
      OUTBOX_LOG: 'false',
      LOG_LEVEL: 'warn',
      // Another build of the web app (several runs side by side, each with its own build).
      ...(process.env.WEB_DIST ? { WEB_DIST: process.env.WEB_DIST } : {}),
      ...overrides,
    },
  };
}

/**
 * Browser tests against the real server (built web app + API) on a fresh in-memory database with a
 * small demo data set, in Debian's Chromium (scripts/e2e.mjs installs it when missing).
 */
export default defineConfig({
  testDir: './e2e',
  outputDir: '../../test-results',
  // A test takes 10 to 58 s on two busy cores (the browser, most of it); 45 s failed ten sound tests
  // of a run on a machine no slower than usual. The wait inside each step stays at 10 s.
  timeout: 90_000,
  expect: { timeout: 10_000 },
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    locale: 'fr-FR',
    timezoneId: 'Europe/Paris',
    // A trace records the page all along (its screenshots alone cost a fifth of the suite's CPU): off,
    // unless asked for with E2E_TRACE=1 to look into a failure. A failure still leaves its screenshot.
    trace: process.env.E2E_TRACE ? 'retain-on-failure' : 'off',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: [
    demoServer(PORT, {}),
    // The second factors' specs (passkeys, authenticator app, the correspondants' policy): a server of
    // their own, where the centre requires a correspondant's second factor and whose accounts the other
    // specs never sign in with (an enrolled factor changes an account's sign-in). Open it at
    // http://localhost (FACTORS_URL): WebAuthn refuses an IP address as the relying party.
    demoServer(FACTORS_PORT, { DEMO_PARTICIPANTS: '40', CORRESPONDANT_SECOND_FACTOR: 'required' }),
  ],
});

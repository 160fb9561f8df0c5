// The browser tests drive Debian's Chromium in its headless shell (package chromium-headless-shell, the
// build made for automation: a fifth less CPU over the browser suite than the full browser's headless
// mode, measured on 27 November 2026); install it with apt when it is missing (we run as root).
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell';

export function ensureChromium() {
  if (existsSync(CHROMIUM)) return;
  console.log('Chromium is missing: installing Debian’s chromium-headless-shell package…');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  execSync('apt-get update -qq', { stdio: 'inherit', env });
  execSync('apt-get install -y -qq chromium-headless-shell fonts-liberation', { stdio: 'inherit', env });
  if (!existsSync(CHROMIUM)) throw new Error(`Chromium is still missing at ${CHROMIUM}`);
}

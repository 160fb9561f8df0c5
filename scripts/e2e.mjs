// Browser tests: installs Chromium if needed, builds the web app, then runs Playwright, which starts
// the real server on a fresh in-memory database with a small demo data set.
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureChromium } from './ensure-chromium.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const run = (command, args, options = {}) => {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', ...options });
  if (result.status !== 0) process.exit(result.status ?? 1);
};

ensureChromium();
run('npm', ['run', 'build', '-w', '@portail/web']);
run('npx', ['playwright', 'test', '-c', 'packages/web/playwright.config.ts', ...process.argv.slice(2)]);

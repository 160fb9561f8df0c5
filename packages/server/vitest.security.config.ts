import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/** `npm run test:security` (scripts/security.mjs): the real server attacked over HTTP. */
export default defineConfig({
  test: {
    name: 'security',
    root: fileURLToPath(new URL('.', import.meta.url)),
    include: ['security/**/*.test.ts'],
    testTimeout: 120_000,
    hookTimeout: 120_000,
    pool: 'forks',
    globalSetup: ['test/global-setup.ts'],
  },
});

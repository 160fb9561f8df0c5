import { availableParallelism } from 'node:os';
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
    // Each file attacks a server of its own: two at a time on two cores (Vitest's default is cores - 1).
    maxWorkers: Number(process.env.VITEST_MAX_WORKERS) || Math.max(2, availableParallelism()),
    globalSetup: ['test/global-setup.ts'],
  },
});

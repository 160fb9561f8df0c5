import { readdirSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from 'vitest/config';

const SERVER = 'packages/server';
const SERVER_TESTS = ['test/**/*.test.ts', 'src/**/*.test.ts'];

/**
 * The server's test files that replace a module (vi.mock) or the clock: they need modules of their
 * own. Every other server file shares its worker's loaded modules with the files before it (each
 * builds its own app and database, and buildApp resets the process-wide caches), which spares the
 * import of the whole server per file — two thirds of the server project's time.
 */
const needsOwnModules = ['test', 'src']
  .flatMap((folder) =>
    readdirSync(join(SERVER, folder), { recursive: true, encoding: 'utf8' }).map((file) =>
      join(folder, file),
    ),
  )
  .filter((file) => file.endsWith('.test.ts'))
  .filter((file) =>
    /vi\.(mock|doMock|useFakeTimers|stubGlobal|stubEnv|spyOn)\(/.test(
      readFileSync(join(SERVER, file), 'utf8'),
    ),
  );

const server = {
  root: SERVER,
  testTimeout: 30000,
  hookTimeout: 60000,
  pool: 'forks' as const,
  globalSetup: ['test/global-setup.ts'],
};

export default defineConfig({
  test: {
    // Vitest's default on a two-core machine is one file at a time (cores - 1): the files wait on their
    // databases as well as compute, so every core takes one (VITEST_MAX_WORKERS overrides).
    maxWorkers: Number(process.env.VITEST_MAX_WORKERS) || Math.max(2, availableParallelism()),
    projects: [
      {
        test: {
          name: 'contract',
          root: 'packages/contract',
          include: ['test/**/*.test.ts', 'src/**/*.test.ts'],
        },
      },
      // `--project 'server*'` runs both.
      {
        test: { ...server, name: 'server', include: SERVER_TESTS, exclude: needsOwnModules, isolate: false },
      },
      { test: { ...server, name: 'server-isolated', include: needsOwnModules } },
      'packages/web/vite.config.ts',
    ],
  },
});

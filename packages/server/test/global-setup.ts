import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Where this run's test files leave copies of the demo databases they built (helper.ts). */
    snapshotDir: string;
    /** Names this run's PostgreSQL template databases (helper.ts), so that they can be dropped after it. */
    runId: string;
  }
}

/** The prefix of a run's template databases on PostgreSQL. */
export const templatePrefix = (runId: string) => `portail_tpl_${runId}_`;

/** One folder per run: the copies never outlive the code that made them. */
export default function setup(project: TestProject) {
  const folder = mkdtempSync(join(tmpdir(), 'portail-test-db-'));
  const runId = randomBytes(4).toString('hex');
  project.provide('snapshotDir', folder);
  project.provide('runId', runId);
  return async () => {
    rmSync(folder, { recursive: true, force: true });
    const adminUrl = process.env.TEST_DATABASE_URL;
    if (!adminUrl) return;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    try {
      const { rows } = await admin.query<{ datname: string }>(
        'select datname from pg_database where starts_with(datname, $1)',
        [templatePrefix(runId)],
      );
      for (const { datname } of rows) await admin.query(`drop database if exists ${datname} with (force)`);
    } finally {
      await admin.end();
    }
  };
}

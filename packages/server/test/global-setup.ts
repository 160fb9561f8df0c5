import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Where this run's test files leave copies of the demo databases they built (helper.ts). */
    snapshotDir: string;
  }
}

/** One folder per run: the copies never outlive the code that made them. */
export default function setup(project: TestProject) {
  const folder = mkdtempSync(join(tmpdir(), 'portail-test-db-'));
  project.provide('snapshotDir', folder);
  return () => rmSync(folder, { recursive: true, force: true });
}

import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runImport } from '../src/cli/integration-import';
import { participants, users } from '../src/db/schema';
import { sampleLines } from '../src/features/integration/synthetic-ndjson';
import { createTestContext, type TestContext } from './helper';

/**
 * Issue 19, initial load: `npm run integration -- import FILE.ndjson` (the command's own function, on
 * the test's database): created, a second run unchanged, a bad line refused with its line and element,
 * its batch refused as a whole and nothing of it written.
 */
let ctx: TestContext;
const dir = mkdtempSync(join(tmpdir(), 'portail-import-'));

beforeAll(async () => {
  ctx = await createTestContext({ participants: 20 });
}, 60_000);
afterAll(async () => ctx.close());

function file(name: string, lines: readonly string[]): string {
  const path = join(dir, name);
  writeFileSync(path, `${lines.join('\n')}\n`);
  return path;
}

const load = (path: string, batch = 10) =>
  runImport(
    { action: 'import', file: path, batch, sendLinks: false, force: false },
    { config: ctx.config, database: ctx.database },
  );

const imported = async (prefix: string) =>
  ctx.database.db
    .select({ id: participants.id, version: participants.version, centreId: participants.centreId })
    .from(participants)
    .where(like(participants.centreId, `${prefix}-P%`));

describe('npm run integration -- import', () => {
  it('creates establishments and participants, and a second run changes no participant', async () => {
    const lines = [...sampleLines(ctx.config, { establishments: 3, participants: 25, prefix: 'A' })];
    const path = file('a.ndjson', lines);
    const first = await load(path);
    expect(first.report).toMatchObject({ lines: 29, created: 29, updated: 0, refused: [], notWritten: 0 });
    const rows = await imported('A');
    expect(rows).toHaveLength(25);
    // No account and no mail unless --send-links: the centre invites later (npm run invite).
    const [account] = await ctx.database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.participantId, rows[0]?.id ?? 0));
    expect(account).toBeUndefined();
    const again = await load(path);
    expect(again.report.created).toBe(0);
    expect(again.report.refused).toEqual([]);
    expect(await imported('A')).toEqual(rows);
  });

  it('refuses a bad line with its line number and element, and its whole batch with it', async () => {
    const lines = [...sampleLines(ctx.config, { establishments: 2, participants: 16, prefix: 'B' })];
    // Line 8 (in the first batch of 10): a birth date in the future.
    lines[7] = (lines[7] ?? '').replace(/"birthDate":"[^"]+"/, '"birthDate":"2999-01-01"');
    const { report } = await load(file('b.ndjson', lines));
    const [first, ...after] = report.refused;
    expect(first?.line).toBe(8);
    expect(first?.status).toBe(422);
    expect(first?.outcome.issue.flatMap((issue) => issue.expression ?? [])).toEqual(['Patient.birthDate']);
    expect(report.notWritten).toBe(9);
    // The establishments were in the refused batch: the second batch's participants name nothing.
    expect(after.map((refusal) => refusal.line)).toEqual([11, 12, 13, 14, 15, 16, 17, 18, 19]);
    expect(after[0]?.outcome.issue[0]?.expression).toEqual(['Patient.managingOrganization.reference']);
    const written = await imported('B');
    expect(written).toEqual([]);
  });

  it('writes the batches before and after a refused one', async () => {
    const base = [...sampleLines(ctx.config, { establishments: 1, participants: 28, prefix: 'C' })];
    base[15] = 'not json';
    const { report } = await load(file('c.ndjson', base));
    expect(report.refused).toMatchObject([{ line: 16, status: 400 }]);
    expect(report.created).toBe(20);
    expect((await imported('C')).map((row) => row.centreId).sort()).toEqual(
      [
        ...Array.from({ length: 8 }, (_, i) => `C-P${i + 1}`),
        ...Array.from({ length: 10 }, (_, i) => `C-P${i + 19}`),
      ].sort(),
    );
  });
});

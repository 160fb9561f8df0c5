import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq, inArray, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runImport } from '../src/cli/integration-import';
import { auditLog, fhirChanges, participants, users } from '../src/db/schema';
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

const load = (path: string, batch = 10, sendLinks = false) =>
  runImport(
    { action: 'import', file: path, batch, sendLinks, force: false },
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
    // Nothing at all is written again, the organisations included (no version, no feed entry).
    expect(again.report).toMatchObject({ created: 0, updated: 0, unchanged: 29, refused: [] });
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

  // A batch of Patients only is written set-wise (patient-bulk.ts): one lookup, one identity check, one
  // insert and one audit statement. The outcomes must be those of a conditional update a line.
  describe('batches of participants written together', () => {
    const header = 2; // the company and the establishment
    const linesOf = (prefix: string, participants: number) => [
      ...sampleLines(ctx.config, { establishments: 1, participants, prefix }),
    ];
    const patientLine = (lines: string[], n: number) => JSON.parse(lines[header + n - 1] ?? '{}');

    it('creates, audits and feeds each participant; a changed one is updated, the others unchanged', async () => {
      const lines = linesOf('D', 12);
      await load(file('d1.ndjson', lines), 2);
      const rows = await imported('D');
      expect(rows).toHaveLength(12);
      const ids = rows.map((row) => String(row.id));
      const created = await ctx.database.db
        .select({ id: auditLog.targetId, details: auditLog.details })
        .from(auditLog)
        .where(and(eq(auditLog.action, 'PARTICIPANT_CREATED'), inArray(auditLog.targetId, ids)));
      expect(created).toHaveLength(12);
      expect(created[0]?.details).toMatchObject({ source: 'fhir', client: 'npm run integration -- import' });
      const fed = await ctx.database.db
        .select({ id: fhirChanges.resourceId, method: fhirChanges.method })
        .from(fhirChanges)
        .where(and(eq(fhirChanges.resourceType, 'Patient'), inArray(fhirChanges.resourceId, ids)));
      expect(fed).toHaveLength(12);
      expect(new Set(fed.map((change) => change.method))).toEqual(new Set(['POST']));

      const changed = patientLine(lines, 5);
      changed.name[0].given = ['Zoé'];
      lines[header + 4] = JSON.stringify(changed);
      const { report } = await load(file('d2.ndjson', lines), 2);
      expect(report).toMatchObject({ created: 0, updated: 1, unchanged: 13, refused: [] });
      const after = await imported('D');
      const fifth = after.find((row) => row.centreId === 'D-P5');
      expect(fifth?.version).toBe(2);
      expect(after.filter((row) => row.version !== 1).map((row) => row.centreId)).toEqual(['D-P5']);
      const [stored] = await ctx.database.db
        .select({ firstName: participants.firstName })
        .from(participants)
        .where(eq(participants.centreId, 'D-P5'));
      expect(stored?.firstName).toBe('Zoé');
    });

    it('takes a centre number twice in a batch as a create then an update, as the API would', async () => {
      const lines = linesOf('E', 3);
      const again = patientLine(lines, 1);
      again.name[0].given = ['Romane'];
      lines.push(JSON.stringify(again));
      const { report } = await load(file('e.ndjson', lines), 10);
      expect(report).toMatchObject({ created: 5, updated: 1, refused: [] });
      const [stored] = await ctx.database.db
        .select({ firstName: participants.firstName })
        .from(participants)
        .where(eq(participants.centreId, 'E-P1'));
      expect(stored?.firstName).toBe('Romane');
    });

    it('refuses a second active participant with the same identity, in the batch or already stored', async () => {
      const lines = linesOf('F', 4);
      await load(file('f1.ndjson', lines), 2);
      const twin = patientLine(lines, 2);
      twin.identifier[0].value = 'F-P99';
      const inBatch = patientLine(lines, 3);
      inBatch.identifier[0].value = 'F-P100';
      const inBatchTwin = { ...inBatch, identifier: [{ ...inBatch.identifier[0], value: 'F-P101' }] };
      // F-P99 is F-P2's namesake (stored); F-P101 is F-P100's (same batch). Nothing of the batch is written.
      const second = [
        ...lines.slice(0, header),
        JSON.stringify(twin),
        JSON.stringify({ ...inBatch, name: [{ use: 'official', family: 'NOUVEAU', given: ['Jo'] }] }),
        JSON.stringify({ ...inBatchTwin, name: [{ use: 'official', family: 'NOUVEAU', given: ['Jo'] }] }),
      ];
      const { report } = await load(file('f2.ndjson', second), 3);
      expect(report.refused.map((refusal) => refusal.line)).toEqual([3, 5]);
      for (const refusal of report.refused) {
        expect(refusal.status).toBe(422);
        expect(refusal.outcome.issue[0]).toMatchObject({ code: 'duplicate', expression: ['Patient.name'] });
      }
      // The first batch's organisations and the second's other line, not written with them.
      expect(report.notWritten).toBe(3);
      expect((await imported('F')).map((row) => row.centreId).sort()).toEqual(
        ['F-P1', 'F-P2', 'F-P3', 'F-P4'].sort(),
      );
    });

    it('stores names with quotes, commas and braces as written', async () => {
      const lines = linesOf('G', 3);
      const odd = patientLine(lines, 2);
      odd.name[0].family = 'D\'ARTAGNAN, "LE" {X}';
      odd.name[0].given = ['Anne-Cécile'];
      lines[header + 1] = JSON.stringify(odd);
      const { report } = await load(file('g.ndjson', lines), 2);
      expect(report.refused).toEqual([]);
      const [stored] = await ctx.database.db
        .select({ lastName: participants.lastName, firstName: participants.firstName })
        .from(participants)
        .where(eq(participants.centreId, 'G-P2'));
      expect(stored?.firstName).toBe('Anne-Cécile');
      expect(stored?.lastName).toContain('ARTAGNAN');
      expect(await load(file('g.ndjson', lines), 2)).toMatchObject({ report: { unchanged: 5 } });
    });

    it('with --send-links gives each new participant an account', async () => {
      const lines = linesOf('H', 4);
      await load(file('h.ndjson', lines), 2, true);
      const rows = await imported('H');
      const accounts = await ctx.database.db
        .select({ participantId: users.participantId })
        .from(users)
        .where(
          inArray(
            users.participantId,
            rows.map((row) => row.id),
          ),
        );
      expect(accounts).toHaveLength(4);
    });
  });
});

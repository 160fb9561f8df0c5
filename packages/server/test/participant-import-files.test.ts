import { IMPORT_ERRORS, IMPORT_LIMITS } from '@portail/contract/rules/participant-import';
import type ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { readSpreadsheet } from '../src/features/participant-import';
import {
  personRow,
  REQUIRED_FR,
  repeatedStream,
  rowsOf,
  workbookBytes,
  workbookParts,
  zipOf,
} from './participant-import-fixtures';

const refusal = (key: string, params: Record<string, string | number> = {}) => ({
  ok: false,
  error: { key, params },
});
const MB = 1024 * 1024;

/** A sheet's XML of `count` rows of inline strings, as a stream (never a whole string in memory). */
function sheetOfRows(count: number): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const cell = (ref: string, text: string) => `<c r="${ref}" t="inlineStr"><is><t>${text}</t></is></c>`;
  let row = 0;
  return new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(
        encoder.encode(
          '<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>',
        ),
      );
    },
    pull(controller) {
      if (row === count) {
        controller.enqueue(encoder.encode('</sheetData></worksheet>'));
        return controller.close();
      }
      // A thousand rows a chunk: the header row first, then people.
      let text = '';
      for (const end = Math.min(row + 1000, count); row < end; ) {
        row++;
        const values = row === 1 ? ['Nom', 'Prénom'] : [`NOM${row}`, 'Camille'];
        text += `<row r="${row}">${cell(`A${row}`, values[0] ?? '')}${cell(`B${row}`, values[1] ?? '')}</row>`;
      }
      controller.enqueue(encoder.encode(text));
    },
  });
}

describe('an xlsx file of participants', () => {
  it('is read cell by cell: dates as YYYY-MM-DD, postal code 1000 as 01000, a 9-digit mobile with its 0', async () => {
    const headers = [...REQUIRED_FR, 'Code postal'];
    const values = headers.map((header) => personRow(1)[header] ?? '');
    const row = headers.map((header, index) => {
      if (header === 'Date de naissance') return new Date(Date.UTC(1985, 3, 12));
      if (header === 'Date du prochain bilan') return 46082; // Excel's serial number of 2026-03-01
      if (header === 'Code postal') return 1000;
      if (header === 'Téléphone portable') return 612345678;
      if (header === 'Mail') return { text: 'elodie@example.com', hyperlink: 'mailto:elodie@example.com' };
      return values[index] ?? '';
    });
    const [read] = rowsOf(await readSpreadsheet(await workbookBytes([headers, row]), 'salariés.xlsx'));
    expect(read?.line).toBe(2);
    expect(read?.cells).toMatchObject({
      dateNaissance: '1985-04-12',
      dateProchainBilan: '2026-03-01',
      'adresse.codePostal': '01000',
      telephonePortable: '0612345678',
      mail: 'elodie@example.com',
      prenom: 'Élodie',
    });
    expect(read?.problems).toEqual([]);
  });

  it('refuses formulas on their cell, never evaluating them, and error values too', async () => {
    const headers = [...REQUIRED_FR, 'Informations complémentaires', 'Profession'];
    const row = headers.map((header) => personRow(1)[header] ?? '');
    row[headers.indexOf('Informations complémentaires')] = '';
    const cells: ExcelJS.CellValue[] = [...row];
    cells[headers.indexOf('Nom')] = { formula: 'UPPER("durand")', result: 'DURAND' };
    cells[headers.indexOf('Informations complémentaires')] = {
      formula: 'WEBSERVICE("http://x")',
      result: '',
    };
    cells[headers.indexOf('Profession')] = { error: '#N/A' };
    const bytes = await workbookBytes([headers, cells]);
    const [read] = rowsOf(await readSpreadsheet(bytes, 'f.xlsx'));
    expect(read?.problems).toEqual([
      { column: 'nom', message: { key: IMPORT_ERRORS.formula, params: {} } },
      { column: 'info4', message: { key: IMPORT_ERRORS.formula, params: {} } },
      { column: 'profession', message: { key: IMPORT_ERRORS.cellError, params: {} } },
    ]);
    // The cached result is not used as the value.
    expect(read?.cells.nom).toBe('');
  });

  it('reads 5,000 rows well within the ten seconds of a check', async () => {
    const rows = Array.from({ length: IMPORT_LIMITS.maxRows }, (_, n) =>
      REQUIRED_FR.map((header) => personRow(n)[header] ?? ''),
    );
    const bytes = await workbookBytes([REQUIRED_FR, ...rows]);
    const start = performance.now();
    const read = rowsOf(await readSpreadsheet(bytes, 'f.xlsx'));
    const elapsed = performance.now() - start;
    console.info(`5,000-row xlsx (${bytes.byteLength} bytes) read in ${elapsed.toFixed(0)} ms`);
    expect(read).toHaveLength(5000);
    expect(elapsed).toBeLessThan(5000);
  });

  it('refuses 100,000 rows quickly, counting them while unzipping the sheet', async () => {
    const bytes = await zipOf(workbookParts(sheetOfRows(100_001)));
    expect(bytes.byteLength).toBeLessThan(IMPORT_LIMITS.maxBytes);
    const start = performance.now();
    const result = await readSpreadsheet(bytes, 'f.xlsx');
    const elapsed = performance.now() - start;
    console.info(`100,000-row xlsx (${bytes.byteLength} bytes) refused in ${elapsed.toFixed(0)} ms`);
    expect(result).toEqual(refusal(IMPORT_ERRORS.tooManyRows, { max: 5000 }));
    expect(elapsed).toBeLessThan(2000);
  });

  it('counts rows of a hand-made workbook while unzipping: the header, the example and the limit pass, one more does not', async () => {
    const limits = { ...IMPORT_LIMITS, maxRows: 3 };
    // Header + 4 rows pass the inspection (one may be the template's example) and are read with exceljs:
    // the required columns are missing, which is the next refusal.
    expect(
      await readSpreadsheet(await zipOf(workbookParts(sheetOfRows(5))), 'f.xlsx', { limits }),
    ).toMatchObject({
      error: { key: IMPORT_ERRORS.missingColumns },
    });
    expect(await readSpreadsheet(await zipOf(workbookParts(sheetOfRows(6))), 'f.xlsx', { limits })).toEqual(
      refusal(IMPORT_ERRORS.tooManyRows, { max: 3 }),
    );
  });
});

describe('a file that is not a participant spreadsheet', () => {
  it('refuses a zip bomb from its declared size, without inflating it', async () => {
    // 200 MB of spaces deflate to about 200 kB.
    const bomb = await zipOf(workbookParts(repeatedStream(new Uint8Array(MB).fill(0x20), 200 * MB)));
    expect(bomb.byteLength).toBeLessThan(MB);
    const start = performance.now();
    expect(await readSpreadsheet(bomb, 'f.xlsx')).toEqual(
      refusal(IMPORT_ERRORS.unsafeArchive, { maxMb: 50 }),
    );
    expect(performance.now() - start).toBeLessThan(1000);
  });

  it('refuses a bomb that lies about its size, stopping the inflation at the lie', async () => {
    // Given whole, the part is written with 32-bit sizes in a data descriptor (no zip64), easy to rewrite.
    const bomb = await zipOf(workbookParts(new Uint8Array(20 * MB).fill(0x20)));
    const lying = lieAboutSizes(bomb, 'xl/worksheets/sheet1.xml', 2000);
    const start = performance.now();
    expect(await readSpreadsheet(lying, 'f.xlsx')).toEqual(
      refusal(IMPORT_ERRORS.unsafeArchive, { maxMb: 50 }),
    );
    expect(performance.now() - start).toBeLessThan(1000);
  });

  it('refuses a workbook with macros: by its name, and by a vbaProject.bin inside', async () => {
    const workbook = await workbookBytes([REQUIRED_FR]);
    expect(await readSpreadsheet(workbook, 'paie.xlsm')).toEqual(refusal(IMPORT_ERRORS.macros));
    const withMacros = await zipOf({
      ...workbookParts('<worksheet/>'),
      'xl/vbaProject.bin': new Uint8Array(64),
    });
    expect(await readSpreadsheet(withMacros, 'paie.xlsx')).toEqual(refusal(IMPORT_ERRORS.macros));
  });

  it('refuses a zip that is not a workbook, and one with too many parts', async () => {
    expect(await readSpreadsheet(await zipOf({ 'readme.txt': 'hello' }), 'f.xlsx')).toEqual(
      refusal(IMPORT_ERRORS.notSpreadsheet),
    );
    const parts = Object.fromEntries(Array.from({ length: 20 }, (_, n) => [`xl/media/p${n}.bin`, 'x']));
    const crowded = await zipOf({ ...workbookParts('<worksheet/>'), ...parts });
    expect(
      await readSpreadsheet(crowded, 'f.xlsx', { limits: { ...IMPORT_LIMITS, maxEntries: 10 } }),
    ).toEqual(refusal(IMPORT_ERRORS.unsafeArchive, { maxMb: 50 }));
  });

  it.each([
    ['a PDF', '%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\n%%EOF', 'attestation.pdf'],
    ['a PDF renamed .xlsx', '%PDF-1.7\n%%EOF', 'salaries.xlsx'],
    ['an image named .csv', '\u0089PNG\r\n\u001a\n\u0000\u0000\u0000\rIHDR', 'photo.csv'],
  ])('refuses %s as not a spreadsheet', async (_, text, name) => {
    expect(await readSpreadsheet(new TextEncoder().encode(text), name)).toEqual(
      refusal(IMPORT_ERRORS.notSpreadsheet),
    );
  });

  it('refuses random bytes named .xlsx, and an empty file', async () => {
    const random = new Uint8Array(4096).map((_, n) => (n * 7919 + 13) % 251);
    random.set([0x50, 0x4b, 0x03, 0x04]);
    expect(await readSpreadsheet(random, 'f.xlsx')).toEqual(refusal(IMPORT_ERRORS.notSpreadsheet));
    expect(await readSpreadsheet(new Uint8Array(0), 'f.csv')).toEqual(refusal(IMPORT_ERRORS.empty));
  });

  it('refuses an Excel 97-2003 or password-protected workbook with what to do', async () => {
    const ole = new Uint8Array(512);
    ole.set([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
    expect(await readSpreadsheet(ole, 'ancien.xls')).toEqual(refusal(IMPORT_ERRORS.legacyOrEncrypted));
  });

  it('refuses a 50 MB file before opening it', async () => {
    const big = new Uint8Array(50 * MB);
    big.set([0x50, 0x4b, 0x03, 0x04]);
    expect(await readSpreadsheet(big, 'f.xlsx')).toEqual(refusal(IMPORT_ERRORS.tooLarge, { maxMb: 10 }));
  });
});

/**
 * The zip with one part claiming `size` unzipped bytes in its central directory and in its data
 * descriptor (its local header leaves sizes to the descriptor): a bomb whose sizes look harmless and
 * agree with each other, so only counting the inflated bytes finds it out.
 */
function lieAboutSizes(zip: Uint8Array, name: string, size: number): Uint8Array {
  const bytes = zip.slice();
  const view = new DataView(bytes.buffer);
  const nameBytes = new TextEncoder().encode(name);
  const named = (at: number) => nameBytes.every((byte, index) => bytes[at + index] === byte);
  let compressed = -1;
  for (let at = 0; at + 46 < bytes.length; at++)
    if (view.getUint32(at, true) === 0x02014b50 && named(at + 46)) {
      compressed = view.getUint32(at + 20, true);
      view.setUint32(at + 24, size, true);
    }
  // The descriptor (signature, CRC, compressed size, size) is the one whose compressed size is this part's.
  for (let at = 0; at + 16 < bytes.length; at++)
    if (view.getUint32(at, true) === 0x08074b50 && view.getUint32(at + 8, true) === compressed)
      view.setUint32(at + 12, size, true);
  return bytes;
}

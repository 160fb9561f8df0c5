import type { Writable } from 'node:stream';
import { startsLikeFormula } from '@portail/contract/rules/spreadsheet';
import ExcelJS from 'exceljs';
import type { CellValue, SheetSpec } from './sheet-spec';

const DATE_FORMAT = 'dd/mm/yyyy';
/** Excel's Text format: what a cell holds stays text, also once a user edits it. */
const TEXT_FORMAT = '@';

/**
 * Printable as it comes: A4 landscape, every column on one page wide (as many pages tall as needed),
 * the header row repeated at the top of each printed page.
 */
const PRINT_LAYOUT = {
  paperSize: 9,
  orientation: 'landscape',
  fitToWidth: 1,
  fitToHeight: 0,
  printTitlesRow: '1:1',
} satisfies Partial<ExcelJS.PageSetup>;

/** The letter of the 1-based column `n` (A … Z, AA …). */
export function columnLetter(n: number): string {
  let rest = n;
  let letters = '';
  while (rest > 0) {
    const digit = (rest - 1) % 26;
    letters = String.fromCharCode(65 + digit) + letters;
    rest = Math.floor((rest - 1) / 26);
  }
  return letters;
}

export interface SheetWriter {
  addRows(rows: readonly CellValue[][]): void;
  finish(): Promise<void>;
}

/**
 * A one-sheet workbook streamed to `out` as rows are added: a bold, frozen header row with filter
 * buttons, fixed widths, dates as dates, and every formula-like text (CSV injection: `=`, `+`, `-`,
 * `@`, TAB, CR) formatted as Text, so that editing the cell never evaluates it (exceljs already writes
 * strings as strings, never as formulas).
 */
export function openSheet(out: Writable, spec: SheetSpec): SheetWriter {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out,
    useStyles: true,
    useSharedStrings: false,
  });
  const sheet = workbook.addWorksheet(spec.sheetName, {
    views: [{ state: 'frozen', ySplit: 1 }],
    pageSetup: PRINT_LAYOUT,
  });
  // Filter buttons on the header row (the streamed sheet writes it at the end, over every row).
  sheet.autoFilter = `A1:${columnLetter(spec.columns.length)}1`;
  sheet.columns = spec.columns.map((column, index) => ({
    key: String(index),
    width: Math.max(column.header.length, column.width) + 2,
    ...(column.date ? { style: { numFmt: DATE_FORMAT } } : {}),
  }));
  const header = sheet.addRow(spec.columns.map((column) => column.header));
  header.font = { bold: true };
  header.commit();
  return {
    addRows(rows) {
      for (const values of rows) {
        const added = sheet.addRow(values);
        spec.columns.forEach((column, index) => {
          const cell = added.getCell(index + 1);
          if (column.date) cell.numFmt = DATE_FORMAT;
          else if (typeof cell.value === 'string' && startsLikeFormula(cell.value)) cell.numFmt = TEXT_FORMAT;
        });
        added.commit();
      }
    },
    async finish() {
      sheet.commit();
      await workbook.commit();
    },
  };
}

import { IMPORT_ERRORS, type ImportMessage } from '@portail/contract/rules/participant-import';
import ExcelJS from 'exceljs';
import type { RawCell, RawLine } from './cell-values';

/**
 * Parts of a sheet the reader has no use for. Skipping them matters: exceljs expands a drop-down's
 * range into one object per cell, 65,000 of them for the template's columns down to row 5,001.
 */
const IGNORED_SHEET_PARTS = [
  'dataValidations',
  'conditionalFormatting',
  'hyperlinks',
  'drawing',
  'picture',
  'tableParts',
  'extLst',
  'pageSetup',
  'headerFooter',
  'printOptions',
  'rowBreaks',
  'autoFilter',
];

const FORMULA: ImportMessage = { key: IMPORT_ERRORS.formula, params: {} };
const CELL_ERROR: ImportMessage = { key: IMPORT_ERRORS.cellError, params: {} };

/**
 * A cell's value as the reader keeps it. A formula is refused on its cell, its cached result unused:
 * what a formula showed depends on the program that computed it, and the user is asked to paste values.
 * An error value (`#N/A`) is refused too. Rich text and hyperlinks (an e-mail address Excel turned into
 * a link) are their text.
 */
function rawCell(value: ExcelJS.CellValue): RawCell | undefined {
  if (value === null || value === undefined) return undefined;
  if (typeof value === 'string') return { type: 'text', text: value };
  if (typeof value === 'number') return { type: 'number', value };
  if (typeof value === 'boolean') return { type: 'text', text: value ? 'true' : 'false' };
  if (value instanceof Date) return { type: 'date', value };
  if ('formula' in value || 'sharedFormula' in value) return { type: 'problem', message: FORMULA };
  if ('error' in value) return { type: 'problem', message: CELL_ERROR };
  if ('richText' in value) return { type: 'text', text: value.richText.map((run) => run.text).join('') };
  return { type: 'text', text: value.text };
}

/**
 * The lines of the workbook's first sheet. Call it only on bytes `inspectWorkbook` accepted: exceljs
 * unzips the whole workbook in memory.
 */
export async function readXlsxLines(bytes: Uint8Array): Promise<RawLine[] | { error: ImportMessage }> {
  const workbook = new ExcelJS.Workbook();
  try {
    // exceljs types its input as an ArrayBuffer; a copy gives one that starts at the first byte.
    await workbook.xlsx.load(bytes.slice().buffer, { ignoreNodes: IGNORED_SHEET_PARTS });
  } catch {
    return { error: { key: IMPORT_ERRORS.unreadable, params: {} } };
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) return { error: { key: IMPORT_ERRORS.noDataRow, params: {} } };
  const lines: RawLine[] = [];
  sheet.eachRow({ includeEmpty: false }, (row, line) => {
    const cells = new Map<number, RawCell>();
    row.eachCell({ includeEmpty: false }, (cell, position) => {
      // A merged range's value belongs to its first cell; the others repeat it.
      if (cell.isMerged && cell.master.address !== cell.address) return;
      const raw = rawCell(cell.value);
      if (raw) cells.set(position, raw);
    });
    lines.push({ line, cells });
  });
  return lines;
}

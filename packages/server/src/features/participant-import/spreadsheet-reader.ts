import { FALLBACK_LANGUAGE, type Language } from '@portail/contract/constants';
import {
  IMPORT_ERRORS,
  IMPORT_LIMITS,
  type ImportLimits,
  type ImportMessage,
} from '@portail/contract/rules/participant-import';
import { readCsvLines } from './csv-reader';
import { importRows, type ReadResult } from './import-rows';
import { inspectWorkbook } from './workbook-inspection';
import { readXlsxLines } from './xlsx-reader';

export interface ReadOptions {
  limits?: ImportLimits;
  /** The reader's language: the one of the column names a message lists. */
  language?: Language;
}

const fail = (key: ImportMessage['key'], params: ImportMessage['params'] = {}): ReadResult => ({
  ok: false,
  error: { key, params },
});

const startsWith = (bytes: Uint8Array, signature: readonly number[]) =>
  signature.every((byte, index) => bytes[index] === byte);
/** Every zip, and so every .xlsx, begins with a local file header (or, empty, an end record). */
const ZIP = [0x50, 0x4b, 0x03, 0x04];
const EMPTY_ZIP = [0x50, 0x4b, 0x05, 0x06];
/** OLE compound file: Excel 97-2003 (.xls), and also an .xlsx protected by a password. */
const OLE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];

/**
 * Reads an uploaded participant file (issue 22): an Excel workbook (.xlsx, first sheet) or a CSV
 * (UTF-8 or Windows-1252, `;` or `,`). What the bytes are decides, not only the name: a workbook
 * renamed .csv is still read as a workbook, a PDF renamed .xlsx is refused. A refused file is one
 * translated message; an accepted one is its rows, each cell keyed by the form's field name with its
 * line number, ready for the form's rules.
 */
export async function readSpreadsheet(
  bytes: Uint8Array,
  fileName: string,
  options: ReadOptions = {},
): Promise<ReadResult> {
  const limits = options.limits ?? IMPORT_LIMITS;
  const language = options.language ?? FALLBACK_LANGUAGE;
  if (bytes.byteLength === 0) return fail(IMPORT_ERRORS.empty);
  if (bytes.byteLength > limits.maxBytes)
    return fail(IMPORT_ERRORS.tooLarge, { maxMb: Math.round(limits.maxBytes / (1024 * 1024)) });
  const extension = /\.([^.]+)$/.exec(fileName.toLowerCase())?.[1] ?? '';
  // Macro-enabled workbooks and templates are refused by name before anything is opened.
  if (extension === 'xlsm' || extension === 'xltm') return fail(IMPORT_ERRORS.macros);
  if (startsWith(bytes, OLE)) return fail(IMPORT_ERRORS.legacyOrEncrypted);

  if (startsWith(bytes, ZIP) || startsWith(bytes, EMPTY_ZIP)) {
    const inspection = await inspectWorkbook(bytes, limits);
    if (!inspection.ok) return inspection;
    const lines = await readXlsxLines(bytes);
    if ('error' in lines) return { ok: false, error: lines.error };
    return importRows(lines, 'xlsx', limits, language);
  }
  if (extension !== 'csv' && extension !== 'txt') return fail(IMPORT_ERRORS.notSpreadsheet);
  let lines: ReturnType<typeof readCsvLines>;
  try {
    lines = readCsvLines(bytes, limits);
  } catch {
    return fail(IMPORT_ERRORS.unreadable);
  }
  if (lines === 'binary') return fail(IMPORT_ERRORS.notSpreadsheet);
  if (lines === 'tooMany') return fail(IMPORT_ERRORS.tooManyRows, { max: limits.maxRows });
  return importRows(lines, 'csv', limits, language);
}

import { PassThrough } from 'node:stream';
import { setImmediate } from 'node:timers/promises';
import type { Language } from '@portail/contract/constants';
import { startsLikeFormula } from '@portail/contract/rules/spreadsheet';
import ExcelJS from 'exceljs';
import type { FastifyBaseLogger } from 'fastify';

/**
 * Workbooks streamed to the reply as they are written (the check-up exports, the participant export):
 * rows are read in batches and committed one by one, so neither the rows nor the file are ever held
 * whole in memory and the event loop is given back between batches.
 */

/** Rows read per query: the workbook is written as they come, never held whole in memory. */
export const EXPORT_BATCH = 1000;
/** Rows written between two turns of the event loop. */
const WRITE_SLICE = 100;
const DATE_FORMAT = 'dd/mm/yyyy';
/** Excel's Text format: what a cell holds stays text, also once a user edits it. */
const TEXT_FORMAT = '@';

export type Labels = Record<Language, string>;
export type CellValue = string | number | Date | null;

/**
 * One column of a workbook: its header in both languages (file content, not web UI strings), a fixed
 * width (a streamed sheet cannot be measured afterwards: the header's length or the data's known
 * width, whichever is larger) and whether it holds a date.
 */
export interface ExportColumn<R> {
  header: Labels;
  /** Characters of the widest value expected (dates: 10). */
  dataWidth: number;
  date?: boolean;
  value: (row: R, language: Language) => CellValue;
}

/** A YYYY-MM-DD date as the Excel date of that day (Excel dates carry no time zone: UTC midnight). */
export function excelDate(value: string | null): Date | null {
  if (!value) return null;
  const [year, month, day] = value.split('-').map(Number);
  return new Date(Date.UTC(year ?? 1970, (month ?? 1) - 1, day ?? 1));
}

/** The scope's companies and establishments by id, for the columns that name them. */
export interface ScopeNames {
  companies: Map<number, string>;
  establishments: Map<number, string>;
}

export function scopeNamesOf(
  rows: readonly { id: number; raisonsociale: string; idEntreprise: number; entreprise: string }[],
): ScopeNames {
  return {
    companies: new Map(rows.map((row) => [row.idEntreprise, row.entreprise])),
    establishments: new Map(rows.map((row) => [row.id, row.raisonsociale])),
  };
}

/**
 * The company and establishment of each row, each only when the scope holds more than one: the
 * workbook has the columns the screen shows (issue 18).
 */
export function scopeColumns<R>(
  names: ScopeNames,
  of: (row: R) => { company: number; establishment: number },
): ExportColumn<R>[] {
  return [
    ...(names.companies.size > 1
      ? [
          {
            header: { fr_FR: 'Entreprise', en_EN: 'Company' },
            dataWidth: 30,
            value: (row: R) => names.companies.get(of(row).company) ?? null,
          },
        ]
      : []),
    ...(names.establishments.size > 1
      ? [
          {
            header: { fr_FR: 'Établissement', en_EN: 'Establishment' },
            dataWidth: 30,
            value: (row: R) => names.establishments.get(of(row).establishment) ?? null,
          },
        ]
      : []),
  ];
}

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

/** Waits for the reply to take what was written; a client gone away (closed stream) ends the wait. */
async function drained(out: PassThrough): Promise<void> {
  if (!out.writableNeedDrain) return;
  await new Promise<void>((resolve) => {
    const done = () => {
      out.off('drain', done);
      out.off('close', done);
      resolve();
    };
    out.on('drain', done);
    out.on('close', done);
  });
}

/** Reads the rows of a filter batch after batch, in the list's order (keyset on the sort keys and id). */
export type BatchReader<R> = (last: R | undefined) => Promise<R[]>;

/**
 * A workbook streamed as it is written: the header row, then each batch of rows committed as soon as
 * it is read, waiting for the reply to drain between batches. The first batch is read before anything
 * is sent, so a failing query still answers an error instead of a truncated file. A failure once the
 * download has begun is logged and ends the stream (the client sees a broken download); it never
 * escapes as an unhandled rejection.
 */
export async function streamWorkbook<R, O>(options: {
  sheetName: Labels;
  columns: ExportColumn<O>[];
  language: Language;
  /** Rows `read` returns at most (EXPORT_BATCH unless said): a shorter batch is the last. */
  batchSize?: number;
  read: BatchReader<R>;
  shape: (rows: R[]) => Promise<O[]>;
  log: FastifyBaseLogger;
}): Promise<PassThrough> {
  const { columns, language, read, shape, log, batchSize = EXPORT_BATCH } = options;
  const first = await read(undefined);
  const firstShaped = await shape(first);
  const out = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out,
    useStyles: true,
    useSharedStrings: false,
  });
  const lastColumn = columnLetter(columns.length);
  const sheet = workbook.addWorksheet(options.sheetName[language], {
    views: [{ state: 'frozen', ySplit: 1 }],
    pageSetup: PRINT_LAYOUT,
  });
  // Filter buttons on the header row (the streamed sheet writes it at the end, over every row).
  sheet.autoFilter = `A1:${lastColumn}1`;
  sheet.columns = columns.map((column, index) => ({
    key: String(index),
    width: Math.max(column.header[language].length, column.dataWidth) + 2,
    ...(column.date ? { style: { numFmt: DATE_FORMAT } } : {}),
  }));
  const header = sheet.addRow(columns.map((column) => column.header[language]));
  header.font = { bold: true };
  header.commit();

  // Writing rows is synchronous work: a slice at a time, giving the event loop back in between, so
  // the other requests (the list, another export) are served while a batch is written.
  const write = async (rows: O[]) => {
    for (const [index, row] of rows.entries()) {
      if (index > 0 && index % WRITE_SLICE === 0) await setImmediate();
      const added = sheet.addRow(columns.map((column) => column.value(row, language)));
      columns.forEach((column, index) => {
        const cell = added.getCell(index + 1);
        if (column.date) cell.numFmt = DATE_FORMAT;
        // exceljs stores strings as string cells, never formulas; a formula-like one (CSV injection:
        // `=`, `+`, `-`, `@`, TAB, CR) is also formatted as Text, or editing it would evaluate it.
        else if (typeof cell.value === 'string' && startsLikeFormula(cell.value)) cell.numFmt = TEXT_FORMAT;
      });
      added.commit();
    }
  };

  const pump = async () => {
    let batch = first;
    await write(firstShaped);
    while (batch.length === batchSize) {
      if (out.destroyed) return;
      await drained(out);
      batch = await read(batch.at(-1));
      await write(await shape(batch));
    }
    sheet.commit();
    await workbook.commit();
  };
  pump().catch((error: unknown) => {
    log.error({ err: error }, 'export stream failed');
    out.destroy(error instanceof Error ? error : new Error(String(error)));
  });
  return out;
}

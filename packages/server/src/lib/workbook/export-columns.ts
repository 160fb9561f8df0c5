import type { PassThrough } from 'node:stream';
import type { Language } from '@portail/contract/constants';
import type { FastifyBaseLogger } from 'fastify';
import type { CellValue } from './sheet-spec';
import type { BatchReader, WorkbookWriters } from './workbook-writers';

/**
 * The columns of an export as the features write them (the check-up list and history, the participant
 * list): each with its header in both languages (file content, not web UI strings), a fixed width (a
 * streamed sheet cannot be measured afterwards: the header's length or the data's known width,
 * whichever is larger), whether it holds a date, and how a row gives its cell.
 */
export type Labels = Record<Language, string>;

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

export interface ExportRequest {
  language: Language;
  log: FastifyBaseLogger;
  workbooks: WorkbookWriters;
}

/**
 * A workbook of these columns, written off the event loop (workbook-writers.ts) as the rows are read:
 * the headers and sheet name in the workbook's language, each row's cells from the columns' values.
 */
export function streamColumns<R, O>(
  request: ExportRequest,
  options: {
    sheetName: Labels;
    columns: ExportColumn<O>[];
    read: BatchReader<R>;
    shape: (rows: R[]) => Promise<O[]>;
    /** Rows a read returns at most (a shorter batch is the last). */
    batchSize?: number;
  },
): Promise<PassThrough> {
  const { language } = request;
  const { columns } = options;
  return request.workbooks.stream<R>({
    spec: {
      sheetName: options.sheetName[language],
      columns: columns.map((column) => ({
        header: column.header[language],
        width: column.dataWidth,
        date: column.date ?? false,
      })),
    },
    read: options.read,
    cells: async (rows) =>
      (await options.shape(rows)).map((row) => columns.map((column) => column.value(row, language))),
    log: request.log,
    ...(options.batchSize ? { batchSize: options.batchSize } : {}),
  });
}

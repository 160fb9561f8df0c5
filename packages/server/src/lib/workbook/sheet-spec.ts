/**
 * What the export worker is told about a sheet and its rows (workbook-worker.ts): plain data, since it
 * crosses to another thread. The feature keeps the columns' value functions and sends their results.
 */

/** A cell as written: a Date is an Excel date (UTC midnight), a string stays text. */
export type CellValue = string | number | Date | null;

export interface SheetColumn {
  /** The header, in the workbook's language. */
  header: string;
  /** Characters: a streamed sheet cannot be measured afterwards. */
  width: number;
  /** Holds dates (shown dd/mm/yyyy). */
  date: boolean;
}

export interface SheetSpec {
  sheetName: string;
  columns: SheetColumn[];
}

/** Main thread → worker: a new workbook, its rows batch after batch, its end. */
export type ToWorker = { start: SheetSpec } | { rows: CellValue[][] } | { end: true };

/** Worker → main thread: bytes of the file as they are written, a batch written, the end, a failure. */
export type FromWorker = { chunk: Uint8Array } | { written: number } | { done: true } | { error: string };

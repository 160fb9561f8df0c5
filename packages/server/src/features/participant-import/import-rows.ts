import type { Language } from '@portail/contract/constants';
import {
  columnOfHeader,
  headerKey,
  IMPORT_COLUMNS,
  IMPORT_ERRORS,
  type ImportColumn,
  type ImportColumnKey,
  type ImportLimits,
  type ImportMessage,
} from '@portail/contract/rules/participant-import';
import { cellText, postalCodeText, type RawCell, type RawLine } from './cell-values';
import { isTemplateExample } from './template-example';

/** A column of the file the template knows: which one, as headed in the file, at which position (1-based). */
export interface FileColumn {
  key: ImportColumnKey;
  header: string;
  position: number;
}

/** A problem of one cell, found while reading (a formula): shown on the cell, like the form's errors. */
export interface CellProblem {
  column: ImportColumnKey;
  message: ImportMessage;
}

/**
 * A data row: its line in the file (the spreadsheet's row number, the CSV's line) and the text of each
 * known column, keyed like the form's fields (`adresse.codePostal`). Every column of the file has an
 * entry, '' when empty, so the next step runs the form's rules on each row and puts each error on
 * (line, column).
 */
export interface ImportRow {
  line: number;
  cells: Record<ImportColumnKey, string>;
  problems: CellProblem[];
}

export type ReadResult =
  | {
      ok: true;
      format: 'xlsx' | 'csv';
      columns: FileColumn[];
      /** Columns the template does not have: reported, not read. */
      unknownColumns: { header: string; position: number; message: ImportMessage }[];
      rows: ImportRow[];
      /** Lines holding the template's example row, left out. */
      skippedExampleLines: number[];
    }
  | { ok: false; error: ImportMessage };

const fail = (key: ImportMessage['key'], params: ImportMessage['params'] = {}): ReadResult => ({
  ok: false,
  error: { key, params },
});

const isBlank = (cell: RawCell | undefined) =>
  cell === undefined || (cell.type === 'text' && cell.text.trim() === '');

const FRANCE_NAMES = new Set(['france', 'fr']);

/**
 * Turns the lines of a sheet or a CSV into rows of the template's columns: the first line with
 * anything in it is the header (either language, any order); a required column missing refuses the
 * file, a column twice too; empty lines are skipped; more rows than allowed refuse the file.
 */
export function importRows(
  lines: Iterable<RawLine>,
  format: 'xlsx' | 'csv',
  limits: ImportLimits,
  language: Language,
): ReadResult {
  const iterator = lines[Symbol.iterator]();
  let header: RawLine | undefined;
  for (let next = iterator.next(); !next.done; next = iterator.next()) {
    if ([...next.value.cells.values()].some((cell) => !isBlank(cell))) {
      header = next.value;
      break;
    }
  }
  if (!header) return fail(IMPORT_ERRORS.noDataRow);

  const columns: (FileColumn & { column: ImportColumn })[] = [];
  const unknownColumns: Extract<ReadResult, { ok: true }>['unknownColumns'] = [];
  for (const [position, cell] of [...header.cells].sort(([a], [b]) => a - b)) {
    const text = cell.type === 'text' ? cell.text.trim() : '';
    if (text === '') continue;
    const column = columnOfHeader(text);
    if (!column) {
      unknownColumns.push({
        header: text,
        position,
        message: { key: IMPORT_ERRORS.unknownColumn, params: { header: text } },
      });
      continue;
    }
    if (columns.some((known) => known.key === column.key))
      return fail(IMPORT_ERRORS.duplicateColumn, { header: text });
    columns.push({ key: column.key, header: text, position, column });
  }
  const missing = IMPORT_COLUMNS.filter(
    (column) => column.required && !columns.some((known) => known.key === column.key),
  );
  if (missing.length > 0)
    return fail(IMPORT_ERRORS.missingColumns, {
      columns: missing.map((column) => column.header[language]).join(', '),
    });

  const rows: ImportRow[] = [];
  const skippedExampleLines: number[] = [];
  for (let next = iterator.next(); !next.done; next = iterator.next()) {
    const line = next.value;
    if (columns.every((known) => isBlank(line.cells.get(known.position)))) continue;
    const row = toRow(line, columns);
    if (isTemplateExample(row.cells)) {
      skippedExampleLines.push(row.line);
      continue;
    }
    if (rows.length === limits.maxRows) return fail(IMPORT_ERRORS.tooManyRows, { max: limits.maxRows });
    rows.push(row);
  }
  if (rows.length === 0) return fail(IMPORT_ERRORS.noDataRow);
  return {
    ok: true,
    format,
    columns: columns.map(({ key, header, position }) => ({ key, header, position })),
    unknownColumns,
    rows,
    skippedExampleLines,
  };
}

function toRow(line: RawLine, columns: readonly (FileColumn & { column: ImportColumn })[]): ImportRow {
  const cells: Record<ImportColumnKey, string> = {};
  const problems: CellProblem[] = [];
  for (const { key, position, column } of columns) {
    const cell = line.cells.get(position);
    if (cell?.type === 'problem') problems.push({ column: key, message: cell.message });
    cells[key] = cell ? cellText(cell, column.kind) : '';
  }
  const postalCode = cells['adresse.codePostal'];
  if (postalCode !== undefined) {
    const country = headerKey(cells['adresse.pays'] ?? '');
    cells['adresse.codePostal'] = postalCodeText(postalCode, country === '' || FRANCE_NAMES.has(country));
  }
  return { line: line.line, cells, problems };
}

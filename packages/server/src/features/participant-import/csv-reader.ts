import {
  IMPORT_ERRORS,
  type ImportLimits,
  type ImportMessage,
} from '@portail/contract/rules/participant-import';
import { parse } from 'csv-parse/sync';
import type { RawCell, RawLine } from './cell-values';

const FORMULA: ImportMessage = { key: IMPORT_ERRORS.formula, params: {} };

/**
 * The text of a CSV file: UTF-8 (with or without its byte-order mark) when the bytes are valid UTF-8,
 * else Windows-1252, what Excel writes on a French Windows when asked for "CSV (separator: semicolon)".
 * A byte sequence valid in both is almost always UTF-8: accented letters in Windows-1252 are single
 * bytes UTF-8 refuses.
 */
export function decodeCsv(bytes: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder('windows-1252').decode(bytes);
  }
}

/**
 * The separator of the file, from its header line: `;` (Excel's in French) or `,`, whichever appears
 * more outside quotes; `;` when neither does (a one-column file, refused later for its missing columns).
 */
export function detectDelimiter(text: string): ';' | ',' {
  let semicolons = 0;
  let commas = 0;
  let quoted = false;
  for (const char of text) {
    if (char === '"') quoted = !quoted;
    else if (!quoted && (char === '\n' || char === '\r')) {
      if (semicolons + commas > 0) break;
    } else if (!quoted && char === ';') semicolons++;
    else if (!quoted && char === ',') commas++;
  }
  return commas > semicolons ? ',' : ';';
}

/** Thrown from the parser's record hook to stop it once the file has more rows than allowed. */
class TooManyRows extends Error {}

/**
 * The lines of a CSV file. A cell beginning with `=` is a formula to the program that made or will
 * open the file: it is refused on its cell, as in a workbook. `+`, `-` and `@` are kept: `+33 6 12…`
 * is a mobile number, and the form's own rules refuse such a start where it matters (names).
 * Returns `tooMany` as soon as more than `maxRows` + 1 non-empty lines follow the header, without
 * parsing the rest of the file.
 */
export function readCsvLines(bytes: Uint8Array, limits: ImportLimits): RawLine[] | 'tooMany' | 'binary' {
  const text = decodeCsv(bytes);
  // A NUL never appears in a text file: this is some other kind of file named .csv.
  if (text.includes('\u0000')) return 'binary';
  const lines: RawLine[] = [];
  try {
    parse(text, {
      delimiter: detectDelimiter(text),
      bom: true,
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: true,
      skip_records_with_empty_values: true,
      // One record holds at most a few hundred characters; a huge one is not a participant file.
      max_record_size: 64 * 1024,
      on_record: (record: string[], context) => {
        // `lines` is where the record ends: a quoted cell spanning lines moves its start up.
        const inner = record.reduce((sum, cell) => sum + (cell.match(/\n/g)?.length ?? 0), 0);
        const cells = new Map<number, RawCell>();
        record.forEach((value, index) => {
          if (value.trim() === '') return;
          cells.set(
            index + 1,
            value.trimStart().startsWith('=')
              ? { type: 'problem', message: FORMULA }
              : { type: 'text', text: value },
          );
        });
        lines.push({ line: context.lines - inner, cells });
        // The header, the template's example row and `maxRows` rows are allowed; one more and reading
        // stops (the exact count, without the example, is made when the rows are read).
        if (lines.length > limits.maxRows + 2) throw new TooManyRows();
        return null;
      },
    });
  } catch (error) {
    if (error instanceof TooManyRows) return 'tooMany';
    throw error;
  }
  return lines;
}

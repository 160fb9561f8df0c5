import type { ImportColumnKind, ImportMessage } from '@portail/contract/rules/participant-import';

/** A cell as a reader found it, before its column says what it means. */
export type RawCell =
  | { type: 'text'; text: string }
  | { type: 'number'; value: number }
  | { type: 'date'; value: Date }
  | { type: 'problem'; message: ImportMessage };

/** One line of the file: its number as the user sees it (the spreadsheet row, the CSV line) and cells by position (1-based). */
export interface RawLine {
  line: number;
  cells: ReadonlyMap<number, RawCell>;
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** A date cell as YYYY-MM-DD: Excel dates carry no time zone, exceljs reads them as UTC midnight. */
function isoOf(date: Date): string {
  return `${pad(date.getUTCFullYear(), 4)}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;
}

/** Excel's day 0 is 1899-12-30 (its 1900 leap-year bug included): a serial number as a date. */
const EXCEL_EPOCH_MS = Date.UTC(1899, 11, 30);
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * A date typed as text: `15/03/1980` (how the portal shows dates), `15-03-1980`, `15.03.1980` or
 * `1980-03-15`, as YYYY-MM-DD. Anything else is left as typed, for the form's date rule to refuse on
 * its cell.
 */
export function dateText(text: string): string {
  const french = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(text);
  if (french) return `${french[3]}-${pad(Number(french[2]))}-${pad(Number(french[1]))}`;
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(text);
  if (iso) return `${iso[1]}-${pad(Number(iso[2]))}-${pad(Number(iso[3]))}`;
  return text;
}

/** A number as the digits a person typed: integers without exponent or separators. */
function numberText(value: number): string {
  return Number.isSafeInteger(value) ? value.toFixed(0) : String(value);
}

/**
 * A phone number whose leading zero a spreadsheet dropped (typed into a Number cell, or saved to CSV
 * from one): nine digits are a French national number without its 0 (`612345678` → `0612345678`);
 * eleven digits starting with 33 are one typed with the country code (`0033…` or `+33…` both lose
 * their prefix) and get the `+` back. Any other text is left for the mobile rule to judge.
 */
export function phoneText(text: string): string {
  if (/^\d{9}$/.test(text)) return `0${text}`;
  if (/^33\d{9}$/.test(text)) return `+${text}`;
  return text;
}

/**
 * The text of a cell for a column of this kind. Numbers and dates are what a spreadsheet makes of
 * what was typed; they are turned back into the text the form expects.
 */
export function cellText(cell: RawCell, kind: ImportColumnKind): string {
  switch (cell.type) {
    case 'problem':
      return '';
    case 'date':
      return isoOf(cell.value);
    case 'number':
      if (kind === 'date' && Number.isFinite(cell.value) && cell.value > 0)
        return isoOf(new Date(EXCEL_EPOCH_MS + Math.floor(cell.value) * DAY_MS));
      return kind === 'phone' ? phoneText(numberText(cell.value)) : numberText(cell.value);
    case 'text': {
      const text = cell.text.trim();
      if (kind === 'date') return dateText(text);
      if (kind === 'phone') return phoneText(text);
      return text;
    }
  }
}

/**
 * French postal codes of departments 01 to 09 begin with 0, which a Number cell drops (`01000`
 * becomes 1000, also in a CSV saved from it). Four digits are such a code when the address is in France
 * or names no country; a Belgian or Swiss code has four digits and is left alone.
 */
export function postalCodeText(code: string, countryIsFranceOrEmpty: boolean): string {
  return countryIsFranceOrEmpty && /^\d{4}$/.test(code) ? `0${code}` : code;
}

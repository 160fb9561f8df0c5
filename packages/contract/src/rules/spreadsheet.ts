/**
 * Characters that make a spreadsheet read a cell as a formula (OWASP, CSV injection): `=`, `+`, `-`,
 * `@`, and TAB or CR, which some programs skip before looking at the next character.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

/** True when a text would be evaluated as a formula if typed into a spreadsheet cell. */
export function startsLikeFormula(text: string): boolean {
  return FORMULA_START.test(text);
}

/**
 * A text as a CSV field no spreadsheet evaluates: a formula-like value gets a leading single quote
 * (OWASP's advice), then the field is quoted as RFC 4180 asks when it holds a separator, a quote or a
 * line break.
 */
export function csvField(text: string, separator = ';'): string {
  const neutral = startsLikeFormula(text) ? `'${text}` : text;
  const needsQuotes = neutral.includes(separator) || /["\r\n]/.test(neutral);
  return needsQuotes ? `"${neutral.replaceAll('"', '""')}"` : neutral;
}

/**
 * Characters no text of the portal may hold (issue 17, item 10): the C0 controls U+0000–U+001F and
 * DEL U+007F — PostgreSQL refuses NUL in text, and the others are invisible on screen, in mails and in
 * the Excel export — and UTF-16 surrogates that are not part of a pair, which no UTF-8 text can carry
 * (the driver would store U+FFFD instead of what was sent). TAB, LF and CR are refused too: no field of
 * the contract is a multi-line text.
 */
const FORBIDDEN =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point.
  /[\u0000-\u001F\u007F]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** The i18n key of the refusal, shown under the field. */
export const CONTROL_CHARACTER_ERROR = 'errors.controlCharacter';

/** True when the text holds none of the characters above. */
export function isPlainText(text: string): boolean {
  return !FORBIDDEN.test(text);
}

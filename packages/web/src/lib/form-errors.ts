import type { TFunction } from 'i18next';
import type { z } from 'zod';

/**
 * Form messages are i18n keys (from the contract's schemas, or the server's fieldErrors). A key with
 * values travels as one string, `errors.maxlength|100`, because react-hook-form keeps a message as
 * text; the fields translate it with `{{0}}` = 100.
 */
const SEPARATOR = '|';

export function errorMessage(key: string, args: readonly (string | number)[] = []): string {
  return [key, ...args.map(String)].join(SEPARATOR);
}

export function translateError(t: TFunction, message: string | undefined): string | undefined {
  if (!message) return undefined;
  const [key = '', ...args] = message.split(SEPARATOR);
  // A text that is no key (a library's own message) is shown as the generic "invalid value".
  if (!/^[A-Za-z]+\.[\w.]+$/.test(key)) return t('errors.invalid');
  return t(key, Object.fromEntries(args.map((value, index) => [String(index), value])));
}

/**
 * Messages for the checks the contract's schemas leave without one (lengths, mostly), as i18n keys:
 * passed to zodResolver as the per-parse error map.
 */
export function zodErrorKey(issue: z.core.$ZodRawIssue): string {
  const empty = issue.input === undefined || issue.input === null || issue.input === '';
  switch (issue.code) {
    case 'too_big':
      return errorMessage('errors.maxlength', [String(issue.maximum)]);
    case 'too_small':
      return Number(issue.minimum) <= 1
        ? 'errors.required'
        : errorMessage('errors.minlength', [String(issue.minimum)]);
    case 'invalid_type':
      return empty ? 'errors.required' : 'errors.invalid';
    case 'invalid_format':
      return issue.format === 'email' ? 'errors.email' : 'errors.invalid';
    default:
      return 'errors.invalid';
  }
}

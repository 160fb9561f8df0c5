import { z } from 'zod';
import { FALLBACK_LANGUAGE, LANGUAGES } from '../constants';

/** A business message (docs/interface-conventions.md#server-messages): translated on the web by its errorCode. */
export const messageLevel = z.enum(['ERROR', 'WARN', 'INFO']);
export type MessageLevel = z.infer<typeof messageLevel>;

export const message = z.object({
  level: messageLevel,
  errorCode: z.string(),
  /** Values substituted for {0}, {1}, ... in the message, in order. */
  args: z.array(z.string()).optional(),
});
export type Message = z.infer<typeof message>;

export const ciemException = z.object({ messages: z.array(message) });

/** The reply of a call that only reports business messages. */
export const messagesReply = z.object({ ciemException });
export type MessagesReply = z.infer<typeof messagesReply>;

/** Invalid input: 400 with one entry per field (docs/interface-conventions.md#forms, "Server field errors"). */
export const fieldError = z.object({
  field: z.string(),
  /** An i18n key (`errors.required`, `errors.email`, `errors.maxlength`, ...). */
  defaultMessage: z.string(),
  /** Values substituted for {0} in the key's text, e.g. the maximum length. */
  args: z.array(z.string()).optional(),
});
export const errorReply = z.object({
  status: z.number().int(),
  error: z.string(),
  /** An i18n key the web shows (e.g. `http.403`, `auth.unauthorized`). */
  message: z.string(),
  fieldErrors: z.array(fieldError).optional(),
  ciemException: ciemException.optional(),
});
export type ErrorReply = z.infer<typeof errorReply>;

/** List reply (docs/interface-conventions.md#server-messages): a page of items, the total, and the count on this page. */
export function listReply<T extends z.ZodType>(item: T) {
  return z.object({ items: z.array(item), totalRows: z.number().int(), subTotal: z.number().int() });
}

/** Sort as `field,ASC` or `field,DESC` (docs/interface-conventions.md#lists). */
export const sortParam = z
  .string()
  .regex(/^[A-Za-z][A-Za-z0-9_.]*,(ASC|DESC|asc|desc)$/, 'errors.sort')
  .optional();

export function pageQuery(defaultSize: number) {
  return z.object({
    page: z.coerce.number().int().min(0).max(100_000).default(0),
    size: z.coerce.number().int().min(1).max(100).default(defaultSize),
    sort: sortParam,
  });
}

/** Query-string booleans arrive as text. */
export const queryBoolean = z.preprocess((value) => {
  if (value === 'true' || value === '1') return true;
  if (value === 'false' || value === '0') return false;
  return value;
}, z.boolean());

export const idParam = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

/** Dropdown item (docs/interface-conventions.md#server-messages): an id plus a label. */
export const dropdownItem = z.object({ id: z.number().int(), label: z.string() });
export type DropdownItem = z.infer<typeof dropdownItem>;

/**
 * The interface language of the caller (README, "Languages"): every call whose reply holds text the
 * server writes (document titles, file names, calendar files, workbooks) takes it, in the query string
 * of a GET and in the body of a POST. An English-only account gets English whatever it says.
 */
export const languageParam = z.enum(LANGUAGES, { error: 'errors.invalid' }).default(FALLBACK_LANGUAGE);
export const languageQuery = z.object({ langue: languageParam });

import { z } from 'zod';
import { IMPORT_LIMITS } from '../rules/participant-import';
import { errorReply, languageParam } from './common';

/**
 * Importing participants from a spreadsheet (issue 22, docs/participant-import.md): a correspondant
 * uploads a file, reads the check of every row, then imports the valid rows. The check is kept on the
 * server for an hour under its id, so the import sends no file again and imports exactly what was shown.
 */

/** The uploaded file's bytes as base64: the limit is checked once decoded (IMPORT_LIMITS.maxBytes). */
export const importFileBase64 = z
  .base64({ error: 'errors.invalid' })
  .max(Math.ceil((IMPORT_LIMITS.maxBytes * 4) / 3) + 4, 'errors.import.tooLarge');

/** The largest request body the check takes: the base64 file and its name. */
export const IMPORT_BODY_LIMIT = Math.ceil((IMPORT_LIMITS.maxBytes * 4) / 3) + 64 * 1024;

/** GET the template: the language of its headers, lists and example. */
export const importTemplateQuery = z.object({ langue: languageParam });

/** POST a file to check. */
export const importCheckBody = z.object({
  /** As the user's computer names it: `.xlsx`, `.csv` or `.txt` (a macro-enabled name is refused). */
  nomFichier: z.string().trim().min(1, 'errors.required').max(255, 'errors.maxlength'),
  fichier: importFileBase64,
  /** The language of the messages that list column names (the headers as the template writes them). */
  langue: languageParam,
});
export type ImportCheckBody = z.input<typeof importCheckBody>;

/**
 * A translated message: a web catalogue key and the values it interpolates. A rule of the participant
 * form gives its positional arguments as `{ "0": … }` (`errors.maxlength` → `{{0}}`); a reading
 * message names its own (`errors.import.tooManyRows` → `{{max}}`).
 */
export const importMessage = z.object({
  key: z.string(),
  params: z.record(z.string(), z.union([z.string(), z.number()])),
});
export type ImportMessageReply = z.infer<typeof importMessage>;

/** A problem on one cell (`column`: the form's field path, `adresse.codePostal`), or on the whole row (null). */
export const importCellError = z.object({
  column: z.string().nullable(),
  message: importMessage,
});
export type ImportCellError = z.infer<typeof importCellError>;

/** A value an update would change: as the record holds it, and as the file says (display texts). */
export const importDifference = z.object({
  column: z.string(),
  before: z.string(),
  after: z.string(),
});
export type ImportDifference = z.infer<typeof importDifference>;

/**
 * What importing a row would do: create a participant, update the one it matches (same last name,
 * first name and birth date in the caller's scope), nothing (it matches one that already holds the
 * same values), or nothing because of its errors.
 */
export const importRowStatus = z.enum(['new', 'update', 'unchanged', 'error']);
export type ImportRowStatus = z.infer<typeof importRowStatus>;

export const importCheckedRow = z.object({
  /** The row's number in the spreadsheet (the CSV's line), as the user finds it in their file. */
  line: z.number().int(),
  status: importRowStatus,
  /** The participant an update or an unchanged row matches. */
  participantId: z.number().int().nullable(),
  /** The text of each of the file's known columns, by the form's field path. */
  cells: z.record(z.string(), z.string()),
  errors: z.array(importCellError),
  /**
   * Notices, shaped as errors: what the import will not do with a cell (an update's other
   * establishment: it does not move the participant). The row is imported all the same.
   */
  warnings: z.array(importCellError),
  differences: z.array(importDifference),
});
export type ImportCheckedRow = z.infer<typeof importCheckedRow>;

export const importColumnReply = z.object({
  key: z.string(),
  /** As headed in the file. */
  header: z.string(),
  position: z.number().int(),
});

export const importCounts = z.object({
  rows: z.number().int(),
  new: z.number().int(),
  update: z.number().int(),
  unchanged: z.number().int(),
  error: z.number().int(),
});
export type ImportCounts = z.infer<typeof importCounts>;

/** The check of a file: every row with its problems on their cells, and the counts the screen leads with. */
export const importCheckReply = z.object({
  /** The check's id: the import names it. */
  id: z.string().uuid(),
  fileName: z.string(),
  format: z.enum(['xlsx', 'csv']),
  columns: z.array(importColumnReply),
  /** Columns the template does not have: read past, each with its message. */
  unknownColumns: z.array(
    z.object({ header: z.string(), position: z.number().int(), message: importMessage }),
  ),
  /** Lines that held the template's example row, left out. */
  skippedExampleLines: z.array(z.number().int()),
  counts: importCounts,
  rows: z.array(importCheckedRow),
  /** When the check is forgotten (an import after that must check the file again). */
  expiresAt: z.string(),
});
export type ImportCheckReply = z.infer<typeof importCheckReply>;

/** A file refused as a whole (not a spreadsheet, too large, a zip bomb, macros, too many rows...): 422. */
export const importRefusalReply = errorReply.extend({ importError: importMessage });
export type ImportRefusalReply = z.infer<typeof importRefusalReply>;

/** POST the import of a check: its new rows, and its updates when asked. */
export const importRunBody = z.object({
  /** Apply the rows matched to existing participants as updates (their differences were shown). */
  mettreAJour: z.boolean().default(false),
});
export type ImportRunBody = z.input<typeof importRunBody>;

export const importRunState = z.enum(['checked', 'running', 'done', 'failed']);
export type ImportRunState = z.infer<typeof importRunState>;

/** What importing a row did. */
export const importOutcome = z.enum(['created', 'updated', 'unchanged', 'refused', 'skipped']);
export type ImportOutcome = z.infer<typeof importOutcome>;

/** The state of an import, read while it runs and after. */
export const importStatusReply = z.object({
  id: z.string().uuid(),
  fileName: z.string(),
  state: importRunState,
  /** Rows treated so far and rows to treat (new rows, and updates when asked). */
  done: z.number().int(),
  total: z.number().int(),
  created: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  refused: z.number().int(),
  /** Activation mails sent so far, and those still to leave (a few at a time, or being retried). */
  activationsSent: z.number().int(),
  activationsQueued: z.number().int(),
  /** Activation mails the delivery queue gave up on after its attempts (the centre's deliveries page). */
  activationsFailed: z.number().int(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  /** Rows refused while importing (a rule another user's change broke since the check), with why. */
  refusals: z.array(z.object({ line: z.number().int(), errors: z.array(importCellError) })),
});
export type ImportStatusReply = z.infer<typeof importStatusReply>;

export const importIdParam = z.object({ id: z.string().uuid({ error: 'errors.invalid' }) });
export const importReportQuery = z.object({ langue: languageParam });

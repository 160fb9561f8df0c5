import { z } from 'zod';
import { languageParam } from './common';
import { archivePassword } from './documents';

/**
 * "My data" (docs/personal-details.md#my-data): archives a participant may build in one window. Each
 * archive reads every document of the record, so the limit keeps the database for the screens.
 */
export const MY_DATA_LIMIT = 3;
export const MY_DATA_WINDOW_S = 24 * 60 * 60;

/** The messages of a 429: too many archives today, or one still being written for the account. */
export const MY_DATA_MESSAGES = {
  limit: 'myData.error.limit',
  busy: 'myData.error.busy',
} as const;

/**
 * POST user/mesDonnees: with `motDePasse`, the archive is an AES-256 ZIP that opens with it (the same
 * rules as sending documents: docs/documents-and-sheets.md#send-dialog); without, a plain ZIP. The
 * README's language is the account's (`langue` says the screen's; an English-only account reads English).
 */
export const myDataBody = z.object({
  motDePasse: archivePassword.optional(),
  langue: languageParam,
});
export type MyDataBody = z.input<typeof myDataBody>;

export const ZIP_MIME = 'application/zip';

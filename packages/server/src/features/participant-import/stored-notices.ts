import type { ImportCellError } from '@portail/contract/schemas/participant-import';
import type { StoredRow } from './import-store';

/**
 * A checked row as kept, with its notices (docs/participant-import.md#updates): what the import will
 * not do with a cell, told on the screen and in the report. Optional: a check kept before notices
 * existed has none.
 */
export type NoticedRow = StoredRow & { warnings?: ImportCellError[] };

/** The notices kept with a checked row (none for a row kept without them). */
export const warningsOf = (row: StoredRow): ImportCellError[] => (row as NoticedRow).warnings ?? [];

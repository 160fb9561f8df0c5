import { stripAccents } from '@portail/contract/rules/participant';
import { type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';

/** `%`, `_` and the escape character itself match literally in a LIKE pattern once escaped. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

// Accented Latin letters and their plain forms, for an accent-insensitive comparison without the
// unaccent extension (PGlite has none): the same letters stripAccents folds on the JavaScript side.
const ACCENTED = 'ÀÁÂÃÄÅÇÈÉÊËÌÍÎÏÑÒÓÔÕÖÙÚÛÜÝàáâãäåçèéêëìíîïñòóôõöùúûüýÿ';
const PLAIN = stripAccents(ACCENTED);

/** Upper case without accents, in SQL: comparable with `foldText(text)`. */
export function foldedSql(column: PgColumn | SQL): SQL {
  return sql`upper(translate(${column}, ${ACCENTED}, ${PLAIN}))`;
}

/** Upper case without accents, as foldedSql folds a column. */
export function foldText(text: string): string {
  return stripAccents(text).toUpperCase();
}

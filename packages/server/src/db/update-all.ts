import { type Column, getTableColumns, getTableName, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from './client';

const ROWS_PER_STATEMENT = 1_000;

/** A value for json_populate_recordset: bytea as its hex text form, the rest as JSON writes it. */
export function jsonValue(value: unknown): unknown {
  if (value instanceof Uint8Array)
    return `\\x${Buffer.from(value.buffer, value.byteOffset, value.byteLength).toString('hex')}`;
  return value;
}

/**
 * Updates many rows, each with its own values, in one statement a thousand rows: the rows go as one
 * JSON document unpacked by json_populate_recordset and joined on `key` (as the demo's insertAll
 * writes). Drizzle updates one set of values at a time, and a transaction Bundle of a thousand
 * changed participants spent most of its time building and sending a thousand UPDATEs.
 *
 * Every row gives the same columns (the first row's keys, by property name); a value left undefined is
 * an error, since the statement sets every named column of every row. Row triggers fire per row and
 * statement triggers once per thousand.
 */
export async function updateAll<T extends PgTable>(
  db: DbOrTx,
  table: T,
  key: keyof T['$inferSelect'] & string,
  rows: readonly Partial<T['$inferSelect']>[],
): Promise<void> {
  const first = rows[0];
  if (!first) return;
  const columns = getTableColumns(table) as Record<string, Column>;
  const names = Object.keys(first).filter((name) => name !== key);
  const sqlName = (name: string) => {
    const column = columns[name];
    if (!column) throw new Error(`updateAll: ${getTableName(table)} has no column ${name}`);
    return column.name;
  };
  const assignments = names.map((name) => `"${sqlName(name)}" = v."${sqlName(name)}"`).join(', ');
  const keyName = sqlName(key);
  for (let start = 0; start < rows.length; start += ROWS_PER_STATEMENT) {
    const records = rows.slice(start, start + ROWS_PER_STATEMENT).map((row) => {
      const record: Record<string, unknown> = {};
      for (const name of [key, ...names]) {
        const value = (row as Record<string, unknown>)[name];
        if (value === undefined) throw new Error(`updateAll: a row leaves ${name} undefined`);
        record[sqlName(name)] = jsonValue(value);
      }
      return record;
    });
    await db.execute(
      sql`update ${table} as t set ${sql.raw(assignments)}
          from json_populate_recordset(null::${sql.identifier(getTableName(table))}, ${JSON.stringify(records)}::json) as v
          where t.${sql.identifier(keyName)} = v.${sql.identifier(keyName)}`,
    );
  }
}

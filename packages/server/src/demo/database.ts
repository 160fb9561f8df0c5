import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { rowsOf } from '../db/rows';

export { rowsOf } from '../db/rows';

export async function publicTables(db: DbOrTx): Promise<string[]> {
  const rows = await rowsOf<{ tablename: string }>(
    db,
    sql`select tablename from pg_tables where schemaname = current_schema() order by tablename`,
  );
  return rows.map((row) => row.tablename);
}

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** Empties every table of the application (not the migrations journal) and restarts its sequences. */
export async function resetDatabase(db: DbOrTx): Promise<void> {
  const tables = await publicTables(db);
  if (tables.length === 0) return;
  await db.execute(sql.raw(`truncate table ${tables.map(quote).join(', ')} restart identity cascade`));
}

/**
 * The generator writes explicit ids (so that they follow the seed, and children can point at parents
 * without a round trip); afterwards each serial sequence must resume after the largest id.
 */
export async function syncSequences(db: DbOrTx): Promise<void> {
  const columns = await rowsOf<{ table_name: string; column_name: string }>(
    db,
    sql`select table_name, column_name from information_schema.columns
        where table_schema = current_schema() and column_default like 'nextval(%'`,
  );
  for (const { table_name: table, column_name: column } of columns) {
    await db.execute(
      sql.raw(
        `select setval(pg_get_serial_sequence('${quote(table)}', '${column}'), coalesce((select max(${quote(column)}) from ${quote(table)}), 0) + 1, false)`,
      ),
    );
  }
}

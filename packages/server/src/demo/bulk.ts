import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { rowsOf } from '../db/rows';

/**
 * Loads tables the way pg_restore does: secondary indexes and foreign keys are dropped, the rows
 * written, then the indexes rebuilt and the keys re-added (which checks every row at once). On
 * PGlite, maintaining five indexes and a few keys row by row made a participant insert cost seven
 * times a bare one; a sorted rebuild afterwards costs a fraction of that. The definitions come
 * from the catalogue, so whatever the migrations say is what is restored, and as the caller runs
 * this inside its transaction a failure restores them too. Primary keys and unique constraints
 * stay: foreign keys need them.
 */
export async function withDeferredIndexes<T>(
  db: DbOrTx,
  tables: readonly string[],
  load: () => Promise<T>,
): Promise<T> {
  const list = sql.join(
    tables.map((t) => sql`${t}`),
    sql`, `,
  );
  const indexes = await rowsOf<{ indexname: string; indexdef: string }>(
    db,
    sql`select i.indexname, i.indexdef from pg_indexes i
        where i.schemaname = current_schema() and i.tablename in (${list})
          and not exists (select 1 from pg_constraint c where c.conindid = format('%I.%I', i.schemaname, i.indexname)::regclass)`,
  );
  const keys = await rowsOf<{ tablename: string; conname: string; definition: string }>(
    db,
    sql`select c.conrelid::regclass::text as tablename, c.conname, pg_get_constraintdef(c.oid) as definition
        from pg_constraint c join pg_namespace n on n.oid = c.connamespace
        where c.contype = 'f' and n.nspname = current_schema() and c.conrelid::regclass::text in (${list})`,
  );
  for (const key of keys) {
    await db.execute(
      sql`alter table ${sql.identifier(key.tablename)} drop constraint ${sql.identifier(key.conname)}`,
    );
  }
  for (const index of indexes) await db.execute(sql`drop index ${sql.identifier(index.indexname)}`);
  const result = await load();
  for (const index of indexes) await db.execute(sql.raw(index.indexdef));
  for (const key of keys) {
    await db.execute(
      sql`alter table ${sql.identifier(key.tablename)} add constraint ${sql.identifier(key.conname)} ${sql.raw(key.definition)}`,
    );
  }
  return result;
}

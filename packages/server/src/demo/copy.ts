import { is } from 'drizzle-orm';
import { PgliteSession } from 'drizzle-orm/pglite';
import type { DbOrTx } from '../db/client';

export interface CopyClient {
  query(query: string, params: unknown[], options: { blob: Blob }): Promise<unknown>;
}

/**
 * The PGlite connection (or open transaction) under a drizzle database, when there is one. Drizzle
 * keeps it in a private field; if a release moves it, this answers null and the caller falls back
 * to the portable path, only slower.
 */
export function pgliteClient(db: DbOrTx): CopyClient | null {
  const session = db._.session;
  if (!is(session, PgliteSession)) return null;
  const client = (session as unknown as { client?: Partial<CopyClient> }).client;
  return typeof client?.query === 'function' ? (client as CopyClient) : null;
}

const hexCache = new WeakMap<Uint8Array, string>();
const SPECIAL = /[\\\t\n\r]/;
const ESCAPES: Record<string, string> = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' };

function escapeCopy(text: string): string {
  return SPECIAL.test(text) ? text.replace(/[\\\t\n\r]/g, (c) => ESCAPES[c] ?? c) : text;
}

/** A value in COPY's text format: \N for null, backslash escapes, PostgreSQL input literals. */
export function copyText(value: unknown): string {
  switch (typeof value) {
    case 'string':
      return escapeCopy(value);
    case 'number':
      return String(value);
    case 'boolean':
      return value ? 't' : 'f';
    case 'undefined':
      return '\\N';
  }
  if (value === null) return '\\N';
  if (value instanceof Date) return value.toISOString();
  // bytea's hex input form, its backslash doubled for COPY; the demo reuses a few PDFs, so memoise.
  if (value instanceof Uint8Array) {
    let hex = hexCache.get(value);
    if (hex === undefined) {
      hex = `\\\\x${Buffer.from(value.buffer, value.byteOffset, value.byteLength).toString('hex')}`;
      hexCache.set(value, hex);
    }
    return hex;
  }
  if (Array.isArray(value))
    return escapeCopy(`{${value.map((v) => `"${String(v).replace(/["\\]/g, '\\$&')}"`).join(',')}}`);
  return escapeCopy(JSON.stringify(value));
}

/**
 * PGlite's in-memory file system grows a file by reallocating and copying all of it whenever
 * PostgreSQL extends a relation by more than 8 pages at once (posix_fallocate becomes an exact
 * ftruncate), which COPY does as its batches grow: at 200,000 participants that copying took more
 * time than everything else. COPY statements of about 32 kB each keep every extension small.
 */
const BYTES_PER_STATEMENT = 32_768;
/** What a row costs on a heap page beyond its text: tuple header and line pointer. */
const ROW_OVERHEAD_BYTES = 32;

/** Copies rows into a table (its quoted name and column list in `target`) by statements of ~32 kB. */
export async function copyRows<R>(
  client: CopyClient,
  target: string,
  rows: readonly R[],
  width: number,
  valueAt: (row: R, column: number) => unknown,
): Promise<void> {
  const statement = `copy ${target} from '/dev/blob'`;
  let text = '';
  let size = 0;
  for (const row of rows) {
    let line = '';
    for (let i = 0; i < width; i++) line += (i === 0 ? '' : '\t') + copyText(valueAt(row, i));
    text += `${line}\n`;
    size += line.length + ROW_OVERHEAD_BYTES;
    if (size >= BYTES_PER_STATEMENT) {
      await client.query(statement, [], { blob: new Blob([text]) });
      text = '';
      size = 0;
    }
  }
  if (text) await client.query(statement, [], { blob: new Blob([text]) });
}

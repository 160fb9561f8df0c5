import { BlobReader, TextWriter, Uint8ArrayWriter, ZipReader } from '@zip.js/zip.js';
import { like } from 'drizzle-orm';
import { throttles } from '../src/db/schema';
import { headersOf, type Kind } from './documents-fixtures';
import type { TestContext } from './helper';

/** POST user/mesDonnees as a demo account. */
export async function buildArchive(
  ctx: TestContext,
  payload: Record<string, unknown>,
  login = 'participant.dmc',
  kind: Kind = 'participant',
) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/user/mesDonnees',
    headers: await headersOf(ctx, login, kind),
    payload,
  });
}

/** Forgets every account's archives of the day (the limit is not what most tests are about). */
export async function forgetArchives(ctx: TestContext): Promise<void> {
  await ctx.database.db.delete(throttles).where(like(throttles.key, 'mydata:%'));
}

/** Every file of a ZIP by path, read with zip.js (with the password when given). */
export async function filesOf(zip: Uint8Array, password?: string): Promise<Map<string, Uint8Array>> {
  const reader = new ZipReader(new BlobReader(new Blob([zip])));
  try {
    const files = new Map<string, Uint8Array>();
    for (const entry of await reader.getEntries()) {
      if (entry.directory) continue;
      files.set(entry.filename, await entry.getData(new Uint8ArrayWriter(), password ? { password } : {}));
    }
    return files;
  } finally {
    await reader.close();
  }
}

/** The WinZip AES extra field (0x9901): its byte 4 is the key strength, 3 for AES-256. */
const AES_EXTRA = 0x9901;

/** The names of a ZIP's entries, whether each is encrypted and its AES strength, without the contents. */
export async function entriesOf(
  zip: Uint8Array,
): Promise<{ name: string; encrypted: boolean; aesStrength: number | null }[]> {
  const reader = new ZipReader(new BlobReader(new Blob([zip])));
  try {
    return (await reader.getEntries()).map((entry) => ({
      name: entry.filename,
      encrypted: entry.encrypted,
      aesStrength: entry.extraField?.get(AES_EXTRA)?.data[4] ?? null,
    }));
  } finally {
    await reader.close();
  }
}

/** The "extended timestamp" extra field (0x5455): a UTC instant readers prefer to the DOS time. */
const EXTENDED_TIMESTAMP = 0x5455;

/**
 * Each entry's DOS date and time as written (the fields, not an instant: they carry no zone), and
 * whether a UTC extended timestamp goes with it.
 */
export async function entryDatesOf(zip: Uint8Array): Promise<
  {
    name: string;
    extendedTimestamp: boolean;
    dos: { year: number; month: number; day: number; hour: number; minute: number };
  }[]
> {
  const reader = new ZipReader(new BlobReader(new Blob([zip])));
  try {
    return (await reader.getEntries()).map((entry) => {
      const date = Number(entry.rawLastModDate);
      const time = date & 0xffff;
      const day = date >>> 16;
      return {
        name: entry.filename,
        extendedTimestamp: entry.extraField?.has(EXTENDED_TIMESTAMP) ?? false,
        dos: {
          year: 1980 + (day >>> 9),
          month: (day >>> 5) & 0x0f,
          day: day & 0x1f,
          hour: time >>> 11,
          minute: (time >>> 5) & 0x3f,
        },
      };
    });
  } finally {
    await reader.close();
  }
}

/** Reads one entry as text with zip.js: rejects with a wrong or missing password. */
export async function readEntry(zip: Uint8Array, name: string, password?: string): Promise<string> {
  const reader = new ZipReader(new BlobReader(new Blob([zip])));
  try {
    const entry = (await reader.getEntries()).find((candidate) => candidate.filename === name);
    if (!entry || entry.directory) throw new Error(`no entry ${name}`);
    return await entry.getData(new TextWriter(), password ? { password } : {});
  } finally {
    await reader.close();
  }
}

export const text = (bytes: Uint8Array | undefined) => new TextDecoder().decode(bytes);

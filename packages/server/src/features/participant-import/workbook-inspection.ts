import {
  IMPORT_ERRORS,
  type ImportLimits,
  type ImportMessage,
} from '@portail/contract/rules/participant-import';
import {
  configure,
  ERR_INVALID_UNCOMPRESSED_SIZE,
  ERR_OVERLAPPING_ENTRY,
  type FileEntry,
  Uint8ArrayReader,
  ZipReader,
} from '@zip.js/zip.js';
import { countDataRows } from './sheet-row-count';

// The server has no web workers: zip.js inflates in the calling thread.
configure({ useWebWorkers: false });

export type Inspection = { ok: true } | { ok: false; error: ImportMessage };

const refuse = (key: ImportMessage['key'], params: ImportMessage['params'] = {}): Inspection => ({
  ok: false,
  error: { key, params },
});

/** Thrown from inside an inflating stream to stop it at once; carries the reason out. */
class Stop extends Error {
  constructor(readonly verdict: Inspection & { ok: false }) {
    super('stopped');
  }
}

const BOMB_ERRORS = new Set([ERR_INVALID_UNCOMPRESSED_SIZE, ERR_OVERLAPPING_ENTRY]);

const megabytes = (bytes: number) => Math.round(bytes / (1024 * 1024));

/**
 * Everything a workbook must pass before exceljs reads it (issue 22, "a zip bomb … get a clear error").
 * exceljs unzips every part into memory, trusting the sizes the archive declares; so this inflates each
 * part once as a stream, counting real bytes, and stops at the first sign of abuse:
 * - not a zip, or a zip that is not an Excel workbook (no `[Content_Types].xml`, no `xl/workbook.xml`);
 * - macros (`vbaProject.bin`), encrypted parts, too many parts;
 * - more unzipped bytes than allowed, a part inflating beyond what it declares, or a part compressed
 *   far more than real spreadsheet XML ever is (a bomb);
 * - more data rows in the first sheet than allowed, counted while inflating, so that 100,000 rows are
 *   refused after reading a little more than the limit, not the whole sheet.
 */
export async function inspectWorkbook(bytes: Uint8Array, limits: ImportLimits): Promise<Inspection> {
  const reader = new ZipReader(new Uint8ArrayReader(bytes), { checkOverlappingEntry: true });
  try {
    let entries: Awaited<ReturnType<typeof reader.getEntries>>;
    try {
      entries = await reader.getEntries();
    } catch {
      return refuse(IMPORT_ERRORS.notSpreadsheet);
    }
    const files = entries.filter((entry): entry is FileEntry => !entry.directory);
    const structure = checkStructure(files, limits);
    if (!structure.ok) return structure;

    // Its two small parts are read again below: they get a budget of their own, not counted twice.
    const firstSheet = await firstSheetPath(files, { used: 0 }, limits);
    const budget = { used: 0 };
    // The first sheet first: a file with too many rows is told so even when it is also very large.
    const ordered = [...files].sort(
      (a, b) => Number(b.filename === firstSheet) - Number(a.filename === firstSheet),
    );
    for (const entry of ordered) {
      // The header row and the template's example row are allowed beside the limit's rows: the exact
      // count, without the example, is made when the rows are read.
      const counter = entry.filename === firstSheet ? countDataRows(limits.maxRows + 2) : null;
      const tooMany = refuse(IMPORT_ERRORS.tooManyRows, { max: limits.maxRows });
      await inflate(
        entry,
        budget,
        limits,
        counter ? (chunk) => (counter.push(chunk) ? undefined : tooMany) : undefined,
      );
      if (counter && !counter.finish()) return tooMany;
    }
    return { ok: true };
  } catch (error) {
    if (error instanceof Stop) return error.verdict;
    // zip.js stops by itself on the two classic bomb tricks: a part inflating beyond its declared
    // size, and parts sharing their compressed bytes.
    if (error instanceof Error && BOMB_ERRORS.has(error.message))
      return refuse(IMPORT_ERRORS.unsafeArchive, { maxMb: megabytes(limits.maxUncompressedBytes) });
    return refuse(IMPORT_ERRORS.unreadable);
  } finally {
    await reader.close().catch(() => undefined);
  }
}

/** What the central directory alone tells: the parts present, their number and declared sizes. */
function checkStructure(files: FileEntry[], limits: ImportLimits): Inspection {
  if (files.length > limits.maxEntries)
    return refuse(IMPORT_ERRORS.unsafeArchive, { maxMb: megabytes(limits.maxUncompressedBytes) });
  const names = new Set(files.map((entry) => entry.filename));
  // Macros live in vbaProject.bin, wherever a crafted file puts it.
  if (files.some((entry) => entry.filename.toLowerCase().endsWith('vbaproject.bin')))
    return refuse(IMPORT_ERRORS.macros);
  if (!names.has('[Content_Types].xml') || !names.has('xl/workbook.xml'))
    return refuse(IMPORT_ERRORS.notSpreadsheet);
  if (files.some((entry) => entry.encrypted)) return refuse(IMPORT_ERRORS.legacyOrEncrypted);
  const declared = files.reduce((sum, entry) => sum + entry.uncompressedSize, 0);
  const bomb = files.some(
    (entry) =>
      entry.uncompressedSize > 1024 * 1024 &&
      entry.uncompressedSize > limits.maxCompressionRatio * Math.max(entry.compressedSize, 1),
  );
  if (declared > limits.maxUncompressedBytes || bomb)
    return refuse(IMPORT_ERRORS.unsafeArchive, { maxMb: megabytes(limits.maxUncompressedBytes) });
  return { ok: true };
}

/**
 * Inflates one part into a counting sink: more bytes than the part declares, or than the whole budget,
 * stop the inflation there (a bomb may lie about its sizes; exceljs would believe it).
 */
async function inflate(
  entry: FileEntry,
  budget: { used: number },
  limits: ImportLimits,
  /** Returns a refusal to stop inflating there. */
  onChunk?: (chunk: Uint8Array) => Inspection | undefined,
): Promise<void> {
  let size = 0;
  let stopped: Stop | null = null;
  const sink = new WritableStream<Uint8Array>({
    write(chunk) {
      size += chunk.length;
      budget.used += chunk.length;
      const verdict =
        size > entry.uncompressedSize || budget.used > limits.maxUncompressedBytes
          ? refuse(IMPORT_ERRORS.unsafeArchive, { maxMb: megabytes(limits.maxUncompressedBytes) })
          : onChunk?.(chunk);
      // Erroring the sink makes zip.js stop reading and inflating this part.
      if (verdict && !verdict.ok) {
        stopped = new Stop(verdict);
        throw stopped;
      }
    },
  });
  try {
    await entry.getData(sink, { checkSignature: true });
  } catch (error) {
    // zip.js may wrap what the sink threw: the reason recorded here is the one told.
    throw stopped ?? error;
  }
}

/** Reads a small XML part as text, within the same budget. */
async function readText(entry: FileEntry, budget: { used: number }, limits: ImportLimits): Promise<string> {
  const chunks: Uint8Array[] = [];
  await inflate(entry, budget, limits, (chunk) => {
    chunks.push(chunk.slice());
    return undefined;
  });
  return new TextDecoder().decode(Buffer.concat(chunks));
}

/**
 * The part of the workbook's first sheet (the one read), from `xl/workbook.xml` and its relationships;
 * null when they cannot tell, and then no part is row-counted here (exceljs's rows are still counted).
 */
async function firstSheetPath(
  files: FileEntry[],
  budget: { used: number },
  limits: ImportLimits,
): Promise<string | null> {
  const byName = new Map(files.map((entry) => [entry.filename, entry]));
  const workbook = byName.get('xl/workbook.xml');
  const rels = byName.get('xl/_rels/workbook.xml.rels');
  if (!workbook || !rels) return null;
  const sheet = /<(?:\w+:)?sheet\b[^>]*?\br:id="([^"]+)"/.exec(await readText(workbook, budget, limits));
  if (!sheet) return null;
  const relations = await readText(rels, budget, limits);
  for (const match of relations.matchAll(/<Relationship\b[^>]*>/g)) {
    const tag = match[0];
    if (/\bId="([^"]+)"/.exec(tag)?.[1] !== sheet[1]) continue;
    const target = /\bTarget="([^"]+)"/.exec(tag)?.[1];
    if (!target) return null;
    return target.startsWith('/') ? target.slice(1) : `xl/${target}`;
  }
  return null;
}

import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import { PassThrough } from 'node:stream';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { FastifyBaseLogger } from 'fastify';
import { concurrencyLimit, type Limiter } from '../concurrency';
import type { CellValue, FromWorker, SheetSpec, ToWorker } from './sheet-spec';

/**
 * Rows read per query and sent to the worker at once: the file is written as they come, never held
 * whole. Reading, shaping and handing over a batch is the event loop's share of an export: 250 rows
 * keep each turn short (bench: the participant list's p99 while five exports run went from 3× its
 * quiet value with 1,000 rows a batch to 1.4×).
 */
export const EXPORT_BATCH = 250;

/**
 * The worker's file: beside this one, as the compiled `workbook-worker.js` beside `main.js` in the
 * production build (scripts/build-server.mjs makes it an entry of its own), and as TypeScript where the
 * server runs from its sources (the demo, the tests): a worker does not inherit the main thread's
 * TypeScript loader, so a few lines of JavaScript load the file through tsx's API.
 */
const SOURCE = import.meta.url.endsWith('.ts');
const WORKER_FILE = new URL(SOURCE ? './workbook-worker.ts' : './workbook-worker.js', import.meta.url);

/** tsx's ESM API (its `tsImport`), by the `import` condition of its exports map. */
function tsxImportApi(): string {
  const require = createRequire(import.meta.url);
  const manifest = require.resolve('tsx/package.json');
  const { exports } = require(manifest) as { exports: Record<string, { import: { default: string } }> };
  const entry = exports['./esm/api']?.import.default;
  if (!entry) throw new Error('tsx has no ./esm/api export');
  return new URL(entry, pathToFileURL(manifest)).href;
}

function startWorker(): Worker {
  if (!SOURCE) return new Worker(WORKER_FILE);
  const load = `import(${JSON.stringify(tsxImportApi())}).then(({ tsImport }) => tsImport(${JSON.stringify(WORKER_FILE.href)}, ${JSON.stringify(import.meta.url)}))`;
  return new Worker(load, { eval: true });
}

/** Reads the rows of a filter batch after batch, in the list's order (keyset on the sort keys and id). */
export type BatchReader<R> = (last: R | undefined) => Promise<R[]>;

export interface WorkbookJob<R> {
  spec: SheetSpec;
  read: BatchReader<R>;
  /** The cells of each row, in the columns' order. */
  cells: (rows: R[]) => Promise<CellValue[][]>;
  log: FastifyBaseLogger;
  /** Rows a read returns at most (EXPORT_BATCH unless said): a shorter batch is the last. */
  batchSize?: number;
}

/**
 * The Excel exports of an app (issue 22), written by worker threads: at most `concurrency` at once (one
 * fewer than the machine's cores, so the event loop keeps one), the others waiting their turn. A thread
 * is started on the first export and kept for the next (starting one loads exceljs: about 0.3 s
 * compiled, 1 s from the sources); one whose export was cut short is stopped, its state unknown. The
 * event loop only reads the rows and passes bytes on.
 */
export class WorkbookWriters {
  private readonly limit: Limiter;
  private readonly idle: Worker[] = [];
  private readonly busy = new Set<Worker>();
  private closed = false;

  constructor(concurrency = Math.max(1, availableParallelism() - 1)) {
    this.limit = concurrencyLimit(concurrency);
  }

  /** Workbooks being written now. */
  get active(): number {
    return this.busy.size;
  }

  /** Threads alive, writing or waiting for the next export. */
  get threads(): number {
    return this.busy.size + this.idle.length;
  }

  /**
   * The workbook as a stream for the reply. The first batch is read before anything is sent, so a
   * failing query still answers an error instead of a truncated file. A failure once the download has
   * begun is logged and ends the stream (the client sees a broken download); a client that goes away
   * stops the thread writing for it.
   */
  async stream<R>(job: WorkbookJob<R>): Promise<PassThrough> {
    const first = await job.read(undefined);
    const firstCells = await job.cells(first);
    const out = new PassThrough();
    this.limit(() => this.write(job, first, firstCells, out)).catch((error: unknown) => {
      job.log.error({ err: error }, 'export stream failed');
      out.destroy(error instanceof Error ? error : new Error(String(error)));
    });
    return out;
  }

  /** Stops every thread (the app closes). */
  async close(): Promise<void> {
    this.closed = true;
    const all = [...this.busy, ...this.idle.splice(0)];
    await Promise.all(all.map((worker) => worker.terminate()));
  }

  private async write<R>(job: WorkbookJob<R>, first: R[], firstCells: CellValue[][], out: PassThrough) {
    if (out.destroyed || this.closed) return;
    const worker = this.idle.pop() ?? startWorker();
    worker.ref();
    this.busy.add(worker);
    let reusable = false;
    try {
      reusable = await pump(worker, job, first, firstCells, out);
    } finally {
      this.busy.delete(worker);
      if (reusable && !this.closed) {
        // An idle thread does not keep the process alive.
        worker.unref();
        this.idle.push(worker);
      } else {
        await worker.terminate();
      }
    }
  }
}

/**
 * Feeds the worker batch after batch, each once the previous is written and the reply has drained.
 * True when the workbook was written whole and the thread is ready for another.
 */
async function pump<R>(
  worker: Worker,
  job: WorkbookJob<R>,
  first: R[],
  firstCells: CellValue[][],
  out: PassThrough,
): Promise<boolean> {
  let written: (() => void) | null = null;
  let onMessage: (message: FromWorker) => void = () => {};
  let onError: (error: Error) => void = () => {};
  let onExit: (code: number) => void = () => {};
  const finished = new Promise<void>((resolve, reject) => {
    onMessage = (message) => {
      if ('chunk' in message) out.write(message.chunk);
      else if ('written' in message) written?.();
      else if ('done' in message) resolve();
      else reject(new Error(`workbook worker: ${message.error}`));
    };
    onError = reject;
    onExit = (code) => reject(new Error(`workbook worker stopped (${code})`));
  });
  // A rejection before anyone awaits `finished` must not be reported as unhandled.
  finished.catch(() => {});
  worker.on('message', onMessage);
  worker.once('error', onError);
  worker.once('exit', onExit);
  try {
    const send = async (cells: CellValue[][]) => {
      const batchWritten = new Promise<void>((resolve) => {
        written = resolve;
      });
      worker.postMessage({ rows: cells } satisfies ToWorker);
      await Promise.race([batchWritten, finished]);
      await drained(out);
    };
    worker.postMessage({ start: job.spec } satisfies ToWorker);
    let batch = first;
    await send(firstCells);
    while (batch.length === (job.batchSize ?? EXPORT_BATCH) && !out.destroyed) {
      batch = await job.read(batch.at(-1));
      await send(await job.cells(batch));
    }
    if (out.destroyed) return false;
    worker.postMessage({ end: true } satisfies ToWorker);
    await finished;
    out.end();
    return true;
  } finally {
    worker.off('message', onMessage);
    worker.off('error', onError);
    worker.off('exit', onExit);
  }
}

/** Waits for the reply to take what was written; a client gone away (closed stream) ends the wait. */
async function drained(out: PassThrough): Promise<void> {
  if (!out.writableNeedDrain || out.destroyed) return;
  await new Promise<void>((resolve) => {
    const done = () => {
      out.off('drain', done);
      out.off('close', done);
      resolve();
    };
    out.on('drain', done);
    out.on('close', done);
  });
}

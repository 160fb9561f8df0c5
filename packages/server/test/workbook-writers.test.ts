import { readdirSync, readFileSync } from 'node:fs';
import type { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import type { CellValue } from '../src/lib/workbook/sheet-spec';
import { EXPORT_BATCH, WorkbookWriters } from '../src/lib/workbook/workbook-writers';

const errors: unknown[] = [];
const log = { error: (...args: unknown[]) => errors.push(args) } as unknown as FastifyBaseLogger;
const writers = new WorkbookWriters(1);
afterAll(() => writers.close());

const spec = {
  sheetName: 'Bilans',
  columns: [
    { header: 'N°', width: 6, date: false },
    { header: 'Nom', width: 20, date: false },
    { header: 'Date', width: 10, date: true },
  ],
};

/** `total` numbered rows, read EXPORT_BATCH at a time after the last one given. */
function numbers(total: number, reads: number[] = []) {
  return async (last: number | undefined) => {
    const from = (last ?? 0) + 1;
    reads.push(from);
    return Array.from({ length: Math.max(0, Math.min(EXPORT_BATCH, total - from + 1)) }, (_, i) => from + i);
  };
}
const cells = async (rows: number[]): Promise<CellValue[][]> =>
  rows.map((n) => [n, n % 7 === 0 ? `=HYPERLINK("x${n}")` : `Nom ${n}`, new Date(Date.UTC(2026, 0, 1))]);

async function bytesOf(stream: PassThrough): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

describe('the Excel exports written off the event loop', () => {
  it('writes every row of every batch, in order, with its header, dates and formula-like text kept as text', async () => {
    const reads: number[] = [];
    const stream = await writers.stream({ spec, read: numbers(2500, reads), cells, log });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(new Uint8Array(await bytesOf(stream)).buffer);
    const sheet = workbook.worksheets[0];
    expect(sheet?.name).toBe('Bilans');
    expect(sheet?.getRow(1).values).toEqual([undefined, 'N°', 'Nom', 'Date']);
    expect(sheet?.actualRowCount).toBe(2501);
    expect(sheet?.getCell(2501, 1).value).toBe(2500);
    expect(sheet?.getCell(2, 3).value).toEqual(new Date(Date.UTC(2026, 0, 1)));
    expect(sheet?.getCell(2, 3).numFmt).toBe('dd/mm/yyyy');
    // Row 8 holds n = 7: a formula-like text, stored as a string formatted as Text.
    expect(sheet?.getCell(8, 2).value).toBe('=HYPERLINK("x7")');
    expect(sheet?.getCell(8, 2).numFmt).toBe('@');
    // Full batches, then the one that comes back short (or empty) ends the reading.
    expect(reads).toEqual(
      Array.from({ length: Math.floor(2500 / EXPORT_BATCH) + 1 }, (_, i) => 1 + i * EXPORT_BATCH),
    );
    expect(writers.active).toBe(0);
  });

  it('keeps its thread for the next export', async () => {
    await bytesOf(await writers.stream({ spec, read: numbers(10), cells, log }));
    expect(writers.threads).toBe(1);
    const again = await bytesOf(await writers.stream({ spec, read: numbers(10), cells, log }));
    expect(again.byteLength).toBeGreaterThan(1000);
    expect(writers.threads).toBe(1);
  });

  it('answers an error, not a file, when the first read fails', async () => {
    await expect(
      writers.stream({ spec, read: async () => Promise.reject(new Error('no database')), cells, log }),
    ).rejects.toThrow('no database');
    expect(writers.active).toBe(0);
  });

  it('breaks the download and stops the worker when a later read fails', async () => {
    const before = errors.length;
    const read = async (last: number | undefined) => {
      if (last !== undefined) throw new Error('connection lost');
      return numbers(5000)(undefined);
    };
    const stream = await writers.stream({ spec, read, cells, log });
    await expect(bytesOf(stream)).rejects.toThrow('connection lost');
    expect(errors.length).toBe(before + 1);
    await expect.poll(() => writers.active).toBe(0);
  });

  it('stops reading and writing when the client goes away', async () => {
    const reads: number[] = [];
    const stream = await writers.stream({ spec, read: numbers(1_000_000, reads), cells, log });
    await new Promise<void>((resolve) => stream.once('data', () => resolve()));
    stream.destroy();
    await expect.poll(() => writers.active).toBe(0);
    // Its thread, stopped mid-workbook, is not kept.
    expect(writers.threads).toBe(0);
    const readsThen = reads.length;
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(reads.length).toBe(readsThen);
    expect(readsThen).toBeLessThan(1000);
  });

  it('writes at most as many workbooks at once as it was given places, the others waiting their turn', async () => {
    let most = 0;
    const watching = setInterval(() => {
      most = Math.max(most, writers.active);
    }, 1);
    const streams = await Promise.all(
      [1, 2, 3].map(() => writers.stream({ spec, read: numbers(1500), cells, log })),
    );
    const files = await Promise.all(streams.map(bytesOf));
    clearInterval(watching);
    expect(most).toBe(1);
    expect(files.every((file) => file.byteLength > 5000)).toBe(true);
  });

  it.runIf(process.platform === 'linux')(
    'writes in a thread of the lowest priority, the event loop keeping its own',
    async () => {
      const niceOfThreads = () =>
        readdirSync('/proc/self/task').map((task) => {
          // Field 19 of stat is the nice value; the command name (field 2) may hold spaces, hence after ')'.
          const stat = readFileSync(`/proc/self/task/${task}/stat`, 'utf8');
          return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]);
        });
      // The process may itself be started niced (CI runners are): the event loop keeps whatever it had.
      const ownBefore = niceOfThreads()[0];
      let seen: number[] = [];
      const stream = await writers.stream({
        spec,
        read: numbers(2500),
        cells: async (rows) => {
          seen = niceOfThreads();
          return cells(rows);
        },
        log,
      });
      await bytesOf(stream);
      expect(seen).toContain(19);
      expect(niceOfThreads()[0]).toBe(ownBefore);
    },
  );
});

import { setPriority } from 'node:os';
import { Writable } from 'node:stream';
import { parentPort } from 'node:worker_threads';
import type { FromWorker, SheetSpec, ToWorker } from './sheet-spec';
import { openSheet, type SheetWriter } from './write-sheet';

/**
 * Writes workbooks off the event loop, one after another (workbook-writers.ts keeps a few such threads
 * and gives each export one): the rows arrive in batches, the file's bytes go back as they are
 * written. The thread runs at the lowest priority (on Linux a thread has its own nice value), so an
 * export takes the CPU the requests leave rather than delaying them.
 */
const port = parentPort;
if (!port) throw new Error('workbook-worker runs as a worker thread');
try {
  setPriority(0, 19);
} catch {
  // A system that refuses it runs the export at normal priority, still off the event loop.
}
const send = (message: FromWorker, transfer: ArrayBuffer[] = []) => port.postMessage(message, transfer);

/** The workbook being written: one at a time, the thread then waits for the next. */
let sheet: SheetWriter | null = null;

function startWorkbook(spec: SheetSpec): SheetWriter {
  const out = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      const bytes = new Uint8Array(chunk.byteLength);
      bytes.set(chunk);
      send({ chunk: bytes }, [bytes.buffer]);
      callback();
    },
  });
  return openSheet(out, spec);
}

port.on('message', (message: ToWorker) => {
  try {
    if ('start' in message) {
      sheet = startWorkbook(message.start);
      return;
    }
    if (!sheet) throw new Error('no workbook started');
    if ('rows' in message) {
      sheet.addRows(message.rows);
      send({ written: message.rows.length });
      return;
    }
    const finishing = sheet;
    sheet = null;
    finishing
      .finish()
      .then(() => send({ done: true }))
      .catch((error: unknown) => send({ error: String(error) }));
  } catch (error) {
    send({ error: String(error) });
  }
});

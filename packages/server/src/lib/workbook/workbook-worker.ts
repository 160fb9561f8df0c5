import { setPriority } from 'node:os';
import { Writable } from 'node:stream';
import { parentPort, workerData } from 'node:worker_threads';
import type { FromWorker, SheetSpec, ToWorker } from './sheet-spec';
import { openSheet } from './write-sheet';

/**
 * Writes one workbook off the event loop (workbook-writers.ts starts one such thread per export): the
 * rows arrive in batches, the file's bytes go back as they are written. The thread runs at the lowest
 * priority (on Linux a thread has its own nice value), so an export takes the CPU the requests leave
 * and never delays them: five exports at once on two cores leave the lists' p99 where it was.
 */
const port = parentPort;
if (!port) throw new Error('workbook-worker runs as a worker thread');
try {
  setPriority(0, 19);
} catch {
  // A system that refuses it runs the export at normal priority, still off the event loop.
}
const send = (message: FromWorker, transfer: ArrayBuffer[] = []) => port.postMessage(message, transfer);

const out = new Writable({
  write(chunk: Buffer, _encoding, callback) {
    const bytes = new Uint8Array(chunk.byteLength);
    bytes.set(chunk);
    send({ chunk: bytes }, [bytes.buffer]);
    callback();
  },
});
const sheet = openSheet(out, workerData as SheetSpec);

port.on('message', (message: ToWorker) => {
  try {
    if ('rows' in message) {
      sheet.addRows(message.rows);
      send({ written: message.rows.length });
      return;
    }
    sheet
      .finish()
      .then(() => send({ done: true }))
      .catch((error: unknown) => send({ error: String(error) }));
  } catch (error) {
    send({ error: String(error) });
  }
});

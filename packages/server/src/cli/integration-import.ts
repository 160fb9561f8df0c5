import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { FHIR_BASE_PATH } from '@portail/contract/integration/fhir';
import { pino } from 'pino';
import { SessionEvents } from '../auth/session-events';
import type { Config } from '../config';
import type { Database } from '../db/client';
import { CORRESPONDANTS_CHANNEL } from '../features/correspondants/correspondant-page-cache';
import { describeRefusal, type ImportReport, importNdjson } from '../features/integration/bulk-import';
import { CodeBookCache } from '../features/integration/code-book-cache';
import type { FhirContext, FhirResourceHandler } from '../features/integration/fhir-resource';
import { organizationHandler } from '../features/integration/organization.resource';
import { patientHandler } from '../features/integration/patient.resource';
import { sampleLines } from '../features/integration/synthetic-ndjson';
import { openCommandDelivery } from '../notify/delivery';
import { UsageError } from './integration-command';

export const IMPORT_USAGE = `usage: npm run integration -- import FILE.ndjson [--batch 1000] [--send-links] [--force]
       npm run integration -- sample --establishments N --participants M [--prefix S] > FILE.ndjson

import: the initial load. One Organization or Patient a line (companies, then establishments, then
participants), each carrying the centre's identifier; a Patient names its establishment as
"Organization?identifier=SYSTEM|VALUE". Each line is a conditional update by that identifier through
the API's own rules, so a second run changes nothing. Each batch is one transaction: one refused line
refuses its batch, and every refused line is reported with its element. New participants get no
account and no mail unless --send-links: invite them later with npm run invite -- participant ID.
sample: writes a synthetic file (real postal codes and communes) for trials and the bench.`;

export type ImportCommand =
  | { action: 'import'; file: string; batch: number; sendLinks: boolean; force: boolean }
  | { action: 'sample'; establishments: number; participants: number; prefix: string };

const count = (text: string | undefined, name: string, fallback?: number): number => {
  if (text === undefined && fallback !== undefined) return fallback;
  const value = Number(text);
  if (!Number.isSafeInteger(value) || value < 1) throw new UsageError(`--${name} takes a whole number ≥ 1`);
  return value;
};

/** `import …` and `sample …`, or null when the command is another (client …). */
export function parseImportArgs(argv: string[]): ImportCommand | null {
  if (argv[0] !== 'import' && argv[0] !== 'sample') return null;
  const { values, positionals } = parseArgs({
    args: argv.slice(1),
    allowPositionals: true,
    strict: true,
    options: {
      batch: { type: 'string' },
      'send-links': { type: 'boolean' },
      force: { type: 'boolean' },
      establishments: { type: 'string' },
      participants: { type: 'string' },
      prefix: { type: 'string' },
    },
  });
  if (argv[0] === 'sample') {
    if (positionals.length > 0) throw new UsageError('sample takes no file: it writes to its output');
    return {
      action: 'sample',
      establishments: count(values.establishments, 'establishments'),
      participants: count(values.participants, 'participants'),
      prefix: values.prefix ?? 'S',
    };
  }
  const [file, ...extra] = positionals;
  if (file === undefined || extra.length > 0) throw new UsageError('import takes one FILE.ndjson');
  const batch = count(values.batch, 'batch', 1000);
  if (batch > 5000) throw new UsageError('--batch takes at most 5000 lines');
  return {
    action: 'import',
    file,
    batch,
    sendLinks: values['send-links'] ?? false,
    force: values.force ?? false,
  };
}

export function describeImport(report: ImportReport, seconds: number): string {
  const lines = [
    `${report.lines} lines in ${seconds.toFixed(1)} s: ${report.created} created, ${report.updated} updated, ` +
      `${report.unchanged} unchanged, ${report.refused.length} refused` +
      (report.notWritten > 0 ? `, ${report.notWritten} not written (their batch was refused)` : ''),
    ...report.refused.map(describeRefusal),
  ];
  return lines.join('\n');
}

/** Runs the import on the command's database: its own context, as a call of the API would have. */
export async function runImport(
  command: Extract<ImportCommand, { action: 'import' }>,
  opened: { config: Config; database: Database },
  progress?: (report: ImportReport) => void,
): Promise<{ report: ImportReport; seconds: number }> {
  const { config, database } = opened;
  const log = pino({ level: 'warn' });
  const codes = new CodeBookCache();
  const delivery = await openCommandDelivery(database, config, log);
  const pending = new Set<Promise<void>>();
  const stop = database.listen(CORRESPONDANTS_CHANNEL, codes.follow, log);
  codes.start();
  const ctx: FhirContext = {
    db: database.db,
    config,
    // The audit rows name the command, as they name an API client.
    client: { clientId: 'cli-import', name: 'npm run integration -- import', scopes: [] },
    log,
    ip: '127.0.0.1',
    baseUrl: `${config.publicUrl}${FHIR_BASE_PATH}`,
    notifier: delivery.notifier,
    // No cache of its own (it serves no request); its notifications reach the running portals.
    sessions: new SessionEvents(0),
    afterCommit: (task) => {
      const running = task()
        .catch((error: unknown) => log.error({ err: error }, 'import: after-commit task failed'))
        .finally(() => pending.delete(running));
      pending.add(running);
    },
    codes,
    registrationLinks: command.sendLinks,
  };
  const started = performance.now();
  try {
    const lines = createInterface({ input: createReadStream(command.file, 'utf8'), crlfDelay: Infinity });
    const handlers = new Map<string, FhirResourceHandler>([
      ['Organization', organizationHandler],
      ['Patient', patientHandler],
    ]);
    const report = await importNdjson(ctx, lines, handlers, {
      batchSize: command.batch,
      ...(progress ? { progress } : {}),
    });
    return { report, seconds: (performance.now() - started) / 1000 };
  } finally {
    codes.stop();
    await stop();
    // The registration mails of the last batches are queued after their commit: all of them before the
    // queue stops (the running portal's senders, or this command's, then send them).
    await Promise.all(pending);
    await delivery.settle();
  }
}

/** `sample`: the synthetic file on standard output. */
export async function writeSample(
  command: Extract<ImportCommand, { action: 'sample' }>,
  config: Pick<Config, 'centreIdSystems'>,
  out: NodeJS.WritableStream,
): Promise<void> {
  for (const line of sampleLines(config, command)) {
    if (!out.write(`${line}\n`)) await new Promise((resolve) => out.once('drain', resolve));
  }
}

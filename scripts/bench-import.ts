// The initial load's budget (issue 19), run by `npm run bench` on PostgreSQL: 200,000 participants with
// their establishments (`npm run integration -- sample`'s file: one company, 1,000 establishments) loaded
// by the import command's own function on a fresh database holding only the reference lists and a small
// demo set, then the same file loaded again (a nightly re-send: nothing to write). Budget ≤ 5 minutes.
// BENCH_IMPORT_PARTICIPANTS sets another size. Prints one JSON line.

import { once } from 'node:events';
import { createWriteStream, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { hashPassword } from '../packages/server/src/auth/passwords';
import { runImport } from '../packages/server/src/cli/integration-import';
import { loadConfig } from '../packages/server/src/config';
import { openDatabase } from '../packages/server/src/db/client';
import { generateDemo } from '../packages/server/src/demo/generate';
import { sampleLines } from '../packages/server/src/features/integration/synthetic-ndjson';

const url = process.env.DATABASE_URL;
if (!url) throw new Error('DATABASE_URL is required');
const PARTICIPANTS = Number(process.env.BENCH_IMPORT_PARTICIPANTS ?? 200_000);
const ESTABLISHMENTS = Math.max(1, Math.round(PARTICIPANTS / 200));

const config = loadConfig({ DEMO_MODE: 'true', LOG_LEVEL: 'silent', OUTBOX_LOG: 'false' });
// The command's own pool (command-database.ts).
const database = await openDatabase({ url, poolSize: 5 });
await database.migrate();
await generateDemo(database.db, { participants: 200, seed: 13, hashPassword });

const dir = mkdtempSync(join(tmpdir(), 'portail-bench-import-'));
const file = join(dir, 'load.ndjson');
const out = createWriteStream(file);
for (const line of sampleLines(config, {
  establishments: ESTABLISHMENTS,
  participants: PARTICIPANTS,
  prefix: 'L',
})) {
  if (!out.write(`${line}\n`)) await once(out, 'drain');
}
out.end();
await once(out, 'finish');

const command = { action: 'import', file, batch: 1000, sendLinks: false, force: false } as const;
const first = await runImport(command, { config, database });
const again = await runImport(command, { config, database });
await database.close();
rmSync(dir, { recursive: true, force: true });
console.log(
  JSON.stringify({
    participants: PARTICIPANTS,
    establishments: ESTABLISHMENTS,
    lines: first.report.lines,
    created: first.report.created,
    refused: first.report.refused.length + again.report.refused.length,
    seconds: Math.round(first.seconds * 10) / 10,
    linesPerS: Math.round(first.report.lines / first.seconds),
    againSeconds: Math.round(again.seconds * 10) / 10,
    againUnchanged: again.report.unchanged,
  }),
);

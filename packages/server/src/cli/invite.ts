import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { pino } from 'pino';
import { loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { claimDeployment } from '../db/deployment';
import { createNotifier } from '../notify/notifier';
import { type InviteKind, type InviteOutcome, inviteAccount } from './invite-account';
import { describeInvite } from './invite-report';

const USAGE = `usage: npm run invite -- <participant|correspondant> <id> [--force]

Mails a registration link to a participant or correspondant whose account is not yet active (creating
the account when there is none), or a change-password link to an active account. A participant still
to register also gets a new activation code, printed here and never mailed: hand it over after checking
their identity, or post it to the address the centre holds. Without it the participant cannot register.
The database is the server's: DATABASE_URL, else the embedded one in DATA_DIR (./data). With the
production settings (SMTP_URL, SMS_PROVIDER_URL…) or DEMO_MODE=false the mail is sent; without them the
command is the demo's, and the mail lands in the demo outbox (/dev/outbox). Either way the database must
be of that kind.`;

class UsageError extends Error {}

function parse(argv: string[]): { kind: InviteKind; id: number; force: boolean } {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { force: { type: 'boolean', default: false }, help: { type: 'boolean', short: 'h' } },
  });
  if (values.help) throw new UsageError('');
  const [kind, id] = positionals;
  if (positionals.length !== 2 || (kind !== 'participant' && kind !== 'correspondant'))
    throw new UsageError('expected the kind (participant or correspondant) and the id');
  const number = Number(id);
  if (!Number.isSafeInteger(number) || number <= 0) throw new UsageError(`not an id: ${id}`);
  return { kind, id: number, force: values.force ?? false };
}

/**
 * PGlite keeps postmaster.pid in its directory while a process has the database open, and two
 * processes writing one directory corrupt it: refuse while the file is there.
 */
function checkEmbeddedDatabase(dataDir: string, force: boolean): void {
  const dir = resolve(dataDir);
  if (!existsSync(join(dir, 'PG_VERSION')))
    throw new Error(`No database in ${dir} yet: start the portal once (npm start) to create it.`);
  if (existsSync(join(dir, 'postmaster.pid')) && !force) {
    throw new Error(
      [
        `The embedded database in ${dir} is in use: a running server holds it, and two processes`,
        'writing it at once would corrupt it. Stop the server (Ctrl+C where npm start runs), run this',
        'command, then start the server again. With PostgreSQL (DATABASE_URL) the server may keep running.',
        'If no server runs (one stopped abruptly and left postmaster.pid behind), add --force.',
      ].join('\n'),
    );
  }
}

const FAILED: ReadonlySet<InviteOutcome['result']> = new Set(['unknown', 'inactive', 'noEmail']);

async function main(): Promise<number> {
  let args: ReturnType<typeof parse>;
  try {
    args = parse(process.argv.slice(2));
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    console.error(reason ? `${reason}\n\n${USAGE}` : USAGE);
    return 2;
  }
  // The demo's command unless the production settings are there (or DEMO_MODE says otherwise).
  const production = Boolean(process.env.SMTP_URL || process.env.SMS_PROVIDER_URL);
  const config = loadConfig({ DEMO_MODE: production ? 'false' : 'true', ...process.env });
  if (!config.databaseUrl) checkEmbeddedDatabase(config.dataDir, args.force);
  const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir, poolSize: 2 });
  try {
    await database.migrate();
    await claimDeployment(database.db, config.demoMode ? 'demo' : 'production');
    const log = pino({ level: 'warn' });
    const notifier = createNotifier({ ...config, outboxLog: false }, database.db, log);
    const outcome = await inviteAccount({ db: database.db, config, notifier }, log, args.kind, args.id);
    const failed = FAILED.has(outcome.result) || ('sent' in outcome && !outcome.sent);
    (failed ? console.error : console.log)(describeInvite(args.kind, args.id, outcome, config.demoMode));
    return failed ? 1 : 0;
  } finally {
    await database.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);

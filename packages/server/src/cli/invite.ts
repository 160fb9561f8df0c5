import { parseArgs } from 'node:util';
import { pino } from 'pino';
import { openCommandDelivery } from '../notify/delivery';
import { exitWith, withCommandDatabase } from './command-database';
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
  return withCommandDatabase(args.force, async ({ config, database }) => {
    const log = pino({ level: 'warn' });
    const delivery = await openCommandDelivery(database, config, log);
    const outcome = await inviteAccount(
      { db: database.db, config, notifier: delivery.notifier },
      log,
      args.kind,
      args.id,
    );
    const { notSent } = await delivery.settle();
    const failed = FAILED.has(outcome.result) || ('sent' in outcome && !outcome.sent);
    (failed ? console.error : console.log)(describeInvite(args.kind, args.id, outcome, config.demoMode));
    if (!failed && notSent > 0) {
      console.log(
        'The provider has not accepted the mail yet: it waits in the delivery queue, which retries it ' +
          '(Centre → Deliveries in the portal shows where it stands).',
      );
    }
    return failed ? 1 : 0;
  });
}

exitWith(main());

import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { hash } from '@node-rs/argon2';
import { openDatabase } from '../db/client';
import { deploymentMark, holdsData, markDeployment } from '../db/deployment';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from './accounts';
import { DEFAULT_DEMO_PARTICIPANTS, DEFAULT_DEMO_SEED, generateDemo, resetDatabase } from './generate';
import { DEMO_PENDING_ACCOUNTS } from './pending-accounts';

/** `./data` of the repository, wherever the command is run from. */
const DEFAULT_DATA_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '../../../../data');

const USAGE =
  'usage: node --import tsx src/demo/cli.ts [--reset] [--participants N] [--main-participants M] [--seed S] [--fixture]';

function positiveInteger(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 0) throw new Error(`--${name} must be a whole number\n${USAGE}`);
  return parsed;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      reset: { type: 'boolean', default: false },
      participants: { type: 'string' },
      'main-participants': { type: 'string' },
      seed: { type: 'string' },
      // Test suites that attack the production start (test:faults) need people who can sign in: the data
      // is left unmarked, so the production start claims the database (db/deployment.ts).
      fixture: { type: 'boolean', default: false },
    },
  });
  const participants = positiveInteger('participants', values.participants, DEFAULT_DEMO_PARTICIPANTS);
  const seed = positiveInteger('seed', values.seed, DEFAULT_DEMO_SEED);
  const url = process.env.DATABASE_URL || undefined;
  const dataDir = url ? undefined : process.env.DATA_DIR || DEFAULT_DATA_DIR;
  const database = await openDatabase({ url, dataDir });
  try {
    await database.migrate();
    const mark = await deploymentMark(database.db);
    if (mark === 'production' || (mark === null && (await holdsData(database.db)))) {
      throw new Error(
        "refused: this database is not the demo's (a production database, or data of unknown origin)",
      );
    }
    if (values.reset) await resetDatabase(database.db);
    const summary = await generateDemo(database.db, {
      participants,
      mainParticipants:
        values['main-participants'] === undefined
          ? undefined
          : positiveInteger('main-participants', values['main-participants'], 0),
      seed,
      hashPassword: (password) => hash(password),
    });
    if (!values.fixture) await markDeployment(database.db, 'demo');
    console.log(
      `demo data generated in ${url ? 'PostgreSQL' : dataDir} (${(summary.tookMs / 1000).toFixed(1)} s)`,
    );
    console.table(summary);
    console.log(`accounts (password ${DEMO_PASSWORD}):`);
    console.table(DEMO_ACCOUNTS.map(({ login, kind, description }) => ({ login, kind, description })));
    console.log('accounts to register (their links are in the outbox, /dev/outbox, once the server runs):');
    console.table(
      DEMO_PENDING_ACCOUNTS.map(({ login, kind, description }) => ({ login, kind, description })),
    );
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});

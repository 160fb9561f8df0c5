import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { type Config, loadConfig } from '../config';
import { type Database, openDatabase } from '../db/client';
import { claimDeployment } from '../db/deployment';

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

/**
 * The database of the centre's commands (`npm run invite`, `npm run integration`): the server's own,
 * from the same settings (DATABASE_URL, else the embedded one in DATA_DIR). With the production
 * settings (SMTP_URL, SMS_PROVIDER_URL…) or DEMO_MODE=false the command is the production one, else
 * the demo's; either way the database must be of that kind (db/deployment.ts).
 */
async function openCommandDatabase(force: boolean): Promise<{ config: Config; database: Database }> {
  const production = Boolean(process.env.SMTP_URL || process.env.SMS_PROVIDER_URL);
  const config = loadConfig({ DEMO_MODE: production ? 'false' : 'true', ...process.env });
  if (!config.databaseUrl) checkEmbeddedDatabase(config.dataDir, force);
  // Five connections: the initial load writes four batches at once (integration-import.ts).
  const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir, poolSize: 5 });
  try {
    await database.migrate();
    await claimDeployment(database.db, config.demoMode ? 'demo' : 'production');
  } catch (error) {
    await database.close();
    throw error;
  }
  return { config, database };
}

/** Runs `work` on the server's database (openCommandDatabase) and closes it, whatever happens. */
export async function withCommandDatabase<T>(
  force: boolean,
  work: (opened: { config: Config; database: Database }) => Promise<T>,
): Promise<T> {
  const opened = await openCommandDatabase(force);
  try {
    return await work(opened);
  } finally {
    await opened.database.close();
  }
}

/** Ends the process with the command's exit code, or 1 with the message of what it threw. */
export function exitWith(command: Promise<number>): void {
  command.then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(error instanceof Error ? error.message : error);
      process.exit(1);
    },
  );
}

import { hashPassword } from '../auth/passwords';
import { loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { claimDeployment, holdsData } from '../db/deployment';
import { closeOnSignals, exitOnStartError, startServer } from '../server';
import { generateDemo } from './generate';

/**
 * The demo start (`npm start`): demo mode always, refused by loadConfig when settings of a production
 * installation are present and by startServer on a database the demo did not create. On an empty
 * database it generates the demo data first and marks the database as the demo's.
 */
async function main(): Promise<void> {
  const config = loadConfig({ ...process.env, DEMO_MODE: 'true' });
  const database = await openDatabase({
    url: config.databaseUrl,
    dataDir: config.dataDir,
    poolSize: config.databasePoolSize,
  });
  await database.migrate();
  // Before anything is written: a production database, or one holding data of unknown origin, is refused.
  await claimDeployment(database.db, 'demo');
  if (!(await holdsData(database.db))) {
    console.log(`empty database: generating demo data (${config.demoParticipants} participants)`);
    const summary = await generateDemo(database.db, {
      participants: config.demoParticipants,
      mainParticipants: config.demoMainParticipants,
      loadAccounts: config.demoLoadAccounts,
      hashPassword,
    });
    console.log(`demo data ready in ${(summary.tookMs / 1000).toFixed(1)} s`);
  }
  closeOnSignals(await startServer({ config, database }), database);
}

main().catch(exitOnStartError);

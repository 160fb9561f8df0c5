import { ConfigError, loadConfig } from './config';
import { openDatabase } from './db/client';
import { closeOnSignals, exitOnStartError, startServer } from './server';

/**
 * The production start (`npm run start:prod`, compiled to dist/main.js by `npm run build`):
 * config → migrate → listen. It never runs the demo, and nothing of the demo (its generator, faker,
 * pdf-lib) is in its imports: the demo has its own start, demo/main.ts.
 */
async function main(): Promise<void> {
  if (/^(true|1)$/.test(process.env.DEMO_MODE ?? '')) {
    throw new ConfigError(
      'DEMO_MODE is set: the production start never runs the demo (the demo is `npm start`). Unset DEMO_MODE.',
    );
  }
  const config = loadConfig({ ...process.env, DEMO_MODE: 'false' });
  const database = await openDatabase({
    url: config.databaseUrl,
    dataDir: config.dataDir,
    poolSize: config.databasePoolSize,
  });
  await database.migrate();
  closeOnSignals(await startServer({ config, database }), database);
}

main().catch(exitOnStartError);

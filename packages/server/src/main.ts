import { buildApp } from './app';
import { hashPassword } from './auth/passwords';
import { ConfigError, loadConfig } from './config';
import { openDatabase } from './db/client';
import { generateDemo, isDatabaseEmpty } from './demo/generate';

/** config → migrate → demo data if empty → listen (ARCHITECTURE.md). */
async function main(): Promise<void> {
  const config = loadConfig();
  const database = await openDatabase({
    url: config.databaseUrl,
    dataDir: config.dataDir,
    poolSize: config.databasePoolSize,
  });
  await database.migrate();
  const app = await buildApp({ config, database });
  if (config.demoMode && (await isDatabaseEmpty(database.db))) {
    app.log.info(`empty database: generating demo data (${config.demoParticipants} participants)`);
    const summary = await generateDemo(database.db, {
      participants: config.demoParticipants,
      mainParticipants: config.demoMainParticipants,
      hashPassword,
    });
    app.log.info({ summary }, 'demo data ready');
  }
  const shutdown = async (signal: string) => {
    app.log.info(`${signal}: closing`);
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  await app.listen({ port: config.port, host: config.host });
  app.log.info(
    `portal ready on ${config.publicUrl} (${database.kind}${config.demoMode ? ', demo mode: outbox at /dev/outbox' : ''})`,
  );
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    console.error(error.message);
  } else {
    console.error(error);
  }
  process.exit(1);
});

import type { FastifyInstance } from 'fastify';
import { buildApp } from './app';
import { hashPassword } from './auth/passwords';
import type { Config } from './config';
import type { Database } from './db/client';
import { generateDemo, isDatabaseEmpty } from './demo/generate';
import type { Notifier } from './notify/notifier';

export interface ServerOptions {
  config: Config;
  /** Opened and migrated. */
  database: Database;
  logStream?: { write(line: string): void };
  /** Tests record messages instead of sending them. */
  notifier?: Notifier;
}

/**
 * The server as `main.ts` runs it: the app, the demo data when demo mode meets an empty database, and
 * the listening socket. The security tests start it the same way, on a port of their own.
 */
export async function startServer({
  config,
  database,
  logStream,
  notifier,
}: ServerOptions): Promise<FastifyInstance> {
  const app = await buildApp({
    config,
    database,
    ...(logStream ? { logStream } : {}),
    ...(notifier ? { notifier } : {}),
  });
  if (config.demoMode && (await isDatabaseEmpty(database.db))) {
    app.log.info(`empty database: generating demo data (${config.demoParticipants} participants)`);
    const summary = await generateDemo(database.db, {
      participants: config.demoParticipants,
      mainParticipants: config.demoMainParticipants,
      loadAccounts: config.demoLoadAccounts,
      hashPassword,
    });
    app.log.info({ summary }, 'demo data ready');
  }
  await app.listen({ port: config.port, host: config.host });
  app.log.info(
    `portal ready on ${config.publicUrl} (${database.kind}${config.demoMode ? ', demo mode: outbox at /dev/outbox' : ''})`,
  );
  return app;
}

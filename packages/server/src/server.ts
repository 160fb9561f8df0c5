import type { FastifyInstance } from 'fastify';
import { buildApp } from './app';
import type { Config } from './config';
import { ConfigError } from './config';
import type { Database } from './db/client';
import { claimDeployment, DeploymentError } from './db/deployment';
import type { Notifier } from './notify/notifier';

export interface ServerOptions {
  config: Config;
  /** Opened and migrated (and, for the demo, filled: demo/main.ts). */
  database: Database;
  logStream?: { write(line: string): void };
  /** Tests record messages instead of sending them. */
  notifier?: Notifier;
}

/**
 * The server as the production start (`main.ts`) and the demo start (`demo/main.ts`) run it: the
 * database claimed for its kind of start (db/deployment.ts), the app, the listening socket. The
 * security tests start it the same way, in production mode, on a port of their own.
 */
export async function startServer({
  config,
  database,
  logStream,
  notifier,
}: ServerOptions): Promise<FastifyInstance> {
  await claimDeployment(database.db, config.demoMode ? 'demo' : 'production');
  const app = await buildApp({
    config,
    database,
    ...(logStream ? { logStream } : {}),
    ...(notifier ? { notifier } : {}),
  });
  await app.listen({ port: config.port, host: config.host });
  if (!config.webauthn.usable) {
    app.log.warn(
      `passkeys cannot be used at ${config.publicUrl}: browsers refuse an IP address as the relying party (set PUBLIC_URL or WEBAUTHN_RP_ID to a host name)`,
    );
  }
  app.log.info(
    `portal ready on ${config.publicUrl} (${database.kind}${config.demoMode ? ', demo mode: outbox at /dev/outbox' : ''})`,
  );
  return app;
}

/** SIGINT and SIGTERM close the server, then the database, then the process. */
export function closeOnSignals(app: FastifyInstance, database: Database): void {
  const shutdown = async (signal: string) => {
    app.log.info(`${signal}: closing`);
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
}

/** A start that cannot go on: a refusal is one plain sentence, anything else its stack. */
export function exitOnStartError(error: unknown): never {
  console.error(error instanceof ConfigError || error instanceof DeploymentError ? error.message : error);
  process.exit(1);
}

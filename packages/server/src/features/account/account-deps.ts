import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import { type Caller, requireCaller } from '../../auth/caller';
import type { SessionEvents } from '../../auth/session-events';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { Notifier } from '../../notify/notifier';

export interface AccountDeps {
  db: Db;
  config: Config;
  notifier: Notifier;
  sessions: SessionEvents;
}

/** Who asks, from where: what every write records in the audit log. */
export interface AccountRequest {
  caller: Caller;
  ip: string;
  log: FastifyBaseLogger;
}

export const accountRequest = (request: FastifyRequest): AccountRequest => ({
  caller: requireCaller(request),
  ip: request.ip,
  log: request.log,
});

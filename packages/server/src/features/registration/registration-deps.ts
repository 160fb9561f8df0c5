import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { SessionEvents } from '../../auth/session-events';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { Notifier } from '../../notify/notifier';

export interface RegistrationDeps {
  db: Db;
  config: Config;
  notifier: Notifier;
  sessions: SessionEvents;
}

/** Where an anonymous call comes from: what the audit log and the throttles record. */
export interface RegistrationRequest {
  ip: string;
  log: FastifyBaseLogger;
}

export const registrationRequest = (request: FastifyRequest): RegistrationRequest => ({
  ip: request.ip,
  log: request.log,
});

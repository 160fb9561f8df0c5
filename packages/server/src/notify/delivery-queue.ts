import { type SQL, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { fromDrizzle, fromPglite, type JobWithMetadata, PgBoss } from 'pg-boss';
import type { Config } from '../config';
import { type Database, type DbOrTx, QUEUE_SCHEMA } from '../db/client';
import type { MessagePurpose } from '../db/schema';

/**
 * The pg-boss queues text messages and mails go through (their schema: db/client.ts QUEUE_SCHEMA): one
 * per channel, so that a mail server that hangs for seconds never holds a sign-in code behind it.
 */
export const DELIVERY_QUEUES = { SMS: 'delivery-sms', MAIL: 'delivery-mail' } as const;
export type DeliveryChannel = keyof typeof DELIVERY_QUEUES;

/** A message to queue: its outbox row, its channel and what it is for (codes go first). */
export interface QueuedMessage {
  outboxId: number;
  channel: DeliveryChannel;
  purpose: MessagePurpose;
  /** Not sent before then (the import's activation mails, spread out: import-run.service.ts). */
  startAfter?: Date;
}

/**
 * Who goes first when messages wait: the codes a person is typing now, then what a person just asked
 * for (a reset link, their identifier, their documents), then the rest — the activation mails of an
 * import come last, so that a thousand of them never delay a sign-in code or a participant's documents.
 */
export function priorityOf(message: Pick<QueuedMessage, 'channel' | 'purpose'>): number {
  const { purpose, channel } = message;
  if (purpose === 'SIGN_IN_CODE' || purpose === 'CONTACT') return 10;
  if (purpose === 'REGISTRATION' && channel === 'SMS') return 10;
  if (purpose === 'PASSWORD' || purpose === 'LOGIN_REMINDER' || purpose === 'DOCUMENTS') return 5;
  return 0;
}

interface DeliveryJob {
  outboxId: number;
}

/** Where a delivery stands when its attempt starts: the sender marks the last one DEAD on failure. */
export interface Attempt {
  /** 0 for the first attempt. */
  retryCount: number;
  /** The attempt is the last one when `retryCount` reaches it. */
  retryLimit: number;
}

export type DeliverOne = (outboxId: number, attempt: Attempt) => Promise<void>;

/** What the notifier needs: a message queued in the transaction that records it. */
export interface MessageQueue {
  enqueue(tx: DbOrTx, messages: readonly QueuedMessage[]): Promise<void>;
}

export interface DeliveryQueue extends MessageQueue {
  /** Starts this instance's sender: jobs are taken one at a time by one instance (SKIP LOCKED). */
  work(deliver: DeliverOne): Promise<void>;
  /** Jobs waiting or running, for the operations metrics. */
  backlog(): Promise<{ queued: number; active: number }>;
  stop(): Promise<void>;
}

/** A sender that stops answering (SIGKILL, a lost host) frees its job after this many seconds. */
const HEARTBEAT_S = 30;
/** The longest a send may take (SMTP's own timeouts end well before: notify/mail.ts). */
const EXPIRE_S = 120;
/** Concurrent sends per instance: a slow provider must not hold the sign-in codes behind it. */
const LOCAL_CONCURRENCY = 4;

/**
 * The durable delivery queue (README "Messages"): pg-boss on the portal's database, PostgreSQL or
 * the embedded PGlite alike. A message is queued in the transaction that records it in the outbox,
 * so a crash cannot lose one or send one that was never committed; pg-boss hands each job to one
 * sender across every instance, retries it with exponential backoff and fails it after
 * `deliveryMaxAttempts`; a sender killed mid-send stops its heartbeat and the job is retried.
 */
export async function openDeliveryQueue(
  database: Database,
  config: Config,
  log: FastifyBaseLogger,
  /** How often an idle sender looks for due retries (a new message wakes it at once). */
  pollSeconds = 5,
): Promise<DeliveryQueue> {
  const connection = database.queueConnection;
  const boss =
    'pglite' in connection
      ? new PgBoss({
          db: fromPglite(connection.pglite),
          backend: 'pglite',
          schema: QUEUE_SCHEMA,
          useListenNotify: true,
        })
      : new PgBoss({
          connectionString: connection.url,
          schema: QUEUE_SCHEMA,
          max: 4,
          useListenNotify: true,
          application_name: 'portail-delivery',
        });
  boss.on('error', (error) => log.error({ err: error }, 'delivery queue error'));
  await boss.start();
  for (const name of Object.values(DELIVERY_QUEUES)) await boss.createQueue(name, { notify: true });
  const jobOptions = {
    retryLimit: config.deliveryMaxAttempts - 1,
    retryDelay: config.deliveryRetryDelayS,
    retryBackoff: true,
    retryDelayMax: config.deliveryRetryDelayMaxS,
    expireInSeconds: EXPIRE_S,
    heartbeatSeconds: HEARTBEAT_S,
  };
  let working = false;
  return {
    async enqueue(tx, messages) {
      // pg-boss writes its jobs through the caller's transaction: they commit or roll back with it.
      const db = fromDrizzle(
        { execute: async (query) => (await tx.execute(query as SQL)) as { rows: unknown[] } },
        sql,
      );
      for (const channel of ['SMS', 'MAIL'] as const) {
        const jobs = messages
          .filter((message) => message.channel === channel)
          .map((message) => ({
            data: { outboxId: message.outboxId },
            priority: priorityOf(message),
            ...jobOptions,
            ...(message.startAfter ? { startAfter: message.startAfter } : {}),
          }));
        if (jobs.length > 0) await boss.insert(DELIVERY_QUEUES[channel], jobs, { db });
      }
    },
    async work(deliver) {
      if (working) return;
      working = true;
      for (const name of Object.values(DELIVERY_QUEUES)) {
        await boss.work(
          name,
          {
            includeMetadata: true,
            localConcurrency: LOCAL_CONCURRENCY,
            pollingIntervalSeconds: Math.min(2, pollSeconds),
            notifyPollingIntervalSeconds: pollSeconds,
          },
          async (jobs: JobWithMetadata<DeliveryJob>[]) => {
            for (const job of jobs) {
              await deliver(job.data.outboxId, { retryCount: job.retryCount, retryLimit: job.retryLimit });
            }
          },
        );
      }
    },
    async backlog() {
      const queues = await boss.getQueues(Object.values(DELIVERY_QUEUES));
      return {
        queued: queues.reduce((sum, queue) => sum + queue.queuedCount, 0),
        active: queues.reduce((sum, queue) => sum + queue.activeCount, 0),
      };
    },
    async stop() {
      await boss.stop({ graceful: true, timeout: 5000 });
    },
  };
}

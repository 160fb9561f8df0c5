import { type SQL, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { fromDrizzle, fromPglite, type JobWithMetadata, PgBoss } from 'pg-boss';
import type { Config } from '../config';
import { type Database, type DbOrTx, QUEUE_SCHEMA } from '../db/client';

/** The pg-boss queue every text message and mail goes through (its schema: db/client.ts QUEUE_SCHEMA). */
export const DELIVERY_QUEUE = 'delivery';

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
  enqueue(tx: DbOrTx, outboxIds: readonly number[]): Promise<void>;
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
  await boss.createQueue(DELIVERY_QUEUE, { notify: true });
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
    async enqueue(tx, outboxIds) {
      if (outboxIds.length === 0) return;
      await boss.insert(
        DELIVERY_QUEUE,
        outboxIds.map((outboxId) => ({ data: { outboxId }, ...jobOptions })),
        // pg-boss writes its job through the caller's transaction: it commits or rolls back with it.
        {
          db: fromDrizzle(
            { execute: async (query) => (await tx.execute(query as SQL)) as { rows: unknown[] } },
            sql,
          ),
        },
      );
    },
    async work(deliver) {
      if (working) return;
      working = true;
      await boss.work(
        DELIVERY_QUEUE,
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
    },
    async backlog() {
      const queue = await boss.getQueue(DELIVERY_QUEUE);
      return { queued: queue?.queuedCount ?? 0, active: queue?.activeCount ?? 0 };
    },
    async stop() {
      await boss.stop({ graceful: true, timeout: 5000 });
    },
  };
}

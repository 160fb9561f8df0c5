import { inArray } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Config } from '../config';
import type { Database } from '../db/client';
import { outbox } from '../db/schema';
import { type DeliveryQueue, type MessageQueue, openDeliveryQueue } from './delivery-queue';
import { DemoProviders } from './demo-provider';
import { createMailTransport } from './mail';
import { createNotifier, type Notifier } from './notifier';
import { createSender, type SenderHooks, type Transports } from './sender';
import { createSmsTransport } from './sms';

/** The providers messages leave by: the demo's own in demo mode, SMTP and the SMS provider otherwise. */
export function liveTransports(config: Config): Transports {
  return { mail: createMailTransport(config), sms: createSmsTransport(config) };
}

/**
 * The app's side of message delivery: the queue (stopped when the app closes), the notifier the
 * features record messages with, and this instance's sender unless DELIVERY_WORKER=false. Tests pass a
 * notifier of their own that records messages: no sender runs then, the queue still answers (resend).
 */
export async function startDelivery(
  app: FastifyInstance,
  database: Database,
  config: Config,
  options: { demoProviders: DemoProviders | null; notifier: Notifier | undefined; hooks?: SenderHooks },
): Promise<{ notifier: Notifier; queue: DeliveryQueue }> {
  const queue = await openDeliveryQueue(database, config, app.log);
  app.addHook('onClose', () => queue.stop());
  if (options.notifier) return { notifier: options.notifier, queue };
  if (config.deliveryWorker) {
    const { demoProviders } = options;
    const transports = demoProviders
      ? demoProviders.transports(app.log, config.outboxLog)
      : liveTransports(config);
    await queue.work(createSender(database.db, transports, app.log, options.hooks, config.signInCodeTtlS));
  }
  return { notifier: createNotifier(database.db, queue), queue };
}

/**
 * The delivery of a centre's command (`npm run invite`, `npm run integration`): its messages are
 * queued as the portal's are, and the command sends them itself before it ends (a running portal's
 * sender may take some first: each goes once). `settle` waits until none of them is still waiting
 * for a first attempt, up to `timeoutMs`, and tells how many did not leave; the queue retries those.
 */
export async function openCommandDelivery(
  database: Database,
  config: Config,
  log: FastifyBaseLogger,
): Promise<{ notifier: Notifier; settle(timeoutMs?: number): Promise<{ notSent: number }> }> {
  const queue = await openDeliveryQueue(database, config, log);
  const demo = config.demoMode ? new DemoProviders() : null;
  const transports = demo ? demo.transports(log, false) : liveTransports(config);
  await queue.work(createSender(database.db, transports, log, {}, config.signInCodeTtlS));
  const recorded: number[] = [];
  const tracking: MessageQueue = {
    async enqueue(tx, messages) {
      await queue.enqueue(tx, messages);
      recorded.push(...messages.map((message) => message.outboxId));
    },
  };
  return {
    notifier: createNotifier(database.db, tracking),
    async settle(timeoutMs = 20_000) {
      const deadline = Date.now() + timeoutMs;
      let notSent = recorded.length;
      while (recorded.length > 0) {
        const rows = await database.db
          .select({ status: outbox.status })
          .from(outbox)
          .where(inArray(outbox.id, recorded));
        notSent = rows.filter((row) => row.status !== 'SENT').length;
        const waiting = rows.filter((row) => row.status === 'QUEUED').length;
        if (waiting === 0 || Date.now() > deadline) break;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      await queue.stop();
      return { notSent };
    },
  };
}

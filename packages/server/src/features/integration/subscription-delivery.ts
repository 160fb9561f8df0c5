import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { LookupFunction } from 'node:net';
import type { Bundle } from '@medplum/fhirtypes';
import { FHIR_BASE_PATH, FHIR_MIME } from '@portail/contract/integration/fhir';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { SessionEvents } from '../../auth/session-events';
import type { Config } from '../../config';
import type { Database, Db, DbOrTx } from '../../db/client';
import { rowsOf } from '../../db/rows';
import type { PayloadContent } from '../../db/schema';
import type { Notifier } from '../../notify/notifier';
import { type ChangeMethod, FHIR_CHANGES_CHANNEL, PUBLISH_BATCH, publishChangesInTurn } from './change-feed';
import type { FhirContext, FhirResourceHandler } from './fhir-resource';
import { historyEntries } from './history';
import {
  ATTEMPT_HEADER,
  NOTIFICATION_ID_HEADER,
  SIGNATURE_HEADER,
  SUBSCRIPTION_HEADER,
  signNotification,
  TIMESTAMP_HEADER,
} from './notification-signature';
import { guardedLookup } from './subscription-rules';
import { type ActiveClient, loadActiveClient } from './system-clients';

/**
 * Rest-hook delivery (README "Integration API: change feed and subscriptions"). Every instance of the
 * portal runs this loop; the database settles who does what:
 * 1. publish: committed changes get their place in the feed (change-feed.ts);
 * 2. fan out: for each subscription (row locked `FOR UPDATE SKIP LOCKED`: one instance at a time), the
 *    feed's changes after its cursor that match its criteria become rows of fhir_notifications, and
 *    the cursor moves past them, in one transaction: a change is queued once, never lost;
 * 3. deliver: due notifications are claimed `FOR UPDATE SKIP LOCKED` and leased (their next attempt
 *    moved past the longest send) in one short statement, then POSTed outside any transaction (PGlite
 *    has one connection: a transaction held over an HTTP call would stop the whole portal). A 2xx
 *    settles one; anything else is retried with exponential backoff, up to the attempt limit, after
 *    which it is dead and its subscription in `error`. An instance that dies mid-send leaves a lease
 *    that runs out, and another instance sends again: at least once, with the same notification id.
 */

const FAN_OUT_BATCH = 500;
const CLAIM_BATCH = 20;
/** An attempt's HTTP timeout, and the lease that keeps other instances off it meanwhile. */
const SEND_TIMEOUT_MS = 10_000;
const LEASE_S = 60;
const MAX_BACKOFF_MS = 3_600_000;

export interface DeliveryDeps {
  db: Db;
  config: Config;
  /** Only to complete the handlers' context: reading a resource sends nothing. */
  notifier: Notifier;
  sessions: SessionEvents;
  log: FastifyBaseLogger;
  /** The feed's types by name (their `read` gives a notification's resource; `search` its criteria). */
  handlers: ReadonlyMap<string, FhirResourceHandler>;
}

const instant = (column: ReturnType<typeof sql>) =>
  sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

function contextOf(deps: DeliveryDeps, db: DbOrTx, client: ActiveClient): FhirContext {
  return {
    db: db as Db,
    config: deps.config,
    client,
    log: deps.log,
    ip: '127.0.0.1',
    baseUrl: `${deps.config.publicUrl}${FHIR_BASE_PATH}`,
    notifier: deps.notifier,
    sessions: deps.sessions,
    afterCommit: (task) => {
      task().catch((error: unknown) => deps.log.error({ err: error }, 'FHIR task failed'));
    },
  };
}

/** Whether the resource still matches the criteria's query (the type's own search, narrowed to it). */
async function matches(ctx: FhirContext, handler: FhirResourceHandler, filter: string, id: string) {
  if (filter === '') return true;
  if (!handler.search) return false;
  const params = new URLSearchParams(filter);
  params.append('_id', id);
  const result = await handler.search(ctx, params, { count: 1, offset: 0 });
  return result.total > 0;
}

/** Step 2 for one subscription; false when another instance holds it or nothing was pending. */
async function fanOutOne(deps: DeliveryDeps, subscriptionId: string): Promise<boolean> {
  return deps.db.transaction(async (tx) => {
    const [sub] = await rowsOf<{ client_id: string; resource_type: string; filter: string }>(
      tx,
      sql`select client_id, resource_type, filter from fhir_subscriptions
          where id = ${subscriptionId} and status in ('active', 'error') for update skip locked`,
    );
    if (!sub) return false;
    const client = await loadActiveClient(tx, sub.client_id);
    const handler = deps.handlers.get(sub.resource_type);
    if (!client || !handler) return false;
    const changes = await rowsOf<{ id: string; resource_id: string; method: ChangeMethod; at: string }>(
      tx,
      sql`select c.id, c.resource_id, c.method, ${instant(sql`c.published_at`)} as at
          from fhir_changes c, fhir_subscriptions s
          where s.id = ${subscriptionId} and c.resource_type = s.resource_type and c.published_at > s.cursor
          order by c.published_at limit ${FAN_OUT_BATCH}`,
    );
    const last = changes.at(-1);
    if (!last) return false;
    const ctx = contextOf(deps, tx, client);
    for (const change of changes) {
      const wanted =
        sub.filter === '' ||
        (change.method !== 'DELETE' && (await matches(ctx, handler, sub.filter, change.resource_id)));
      if (wanted)
        await tx.execute(
          sql`insert into fhir_notifications (subscription_id, change_id, resource_type, resource_id, method, changed_at)
              values (${subscriptionId}, ${change.id}, ${sub.resource_type}, ${change.resource_id}, ${change.method}, ${change.at}::timestamptz)`,
        );
    }
    await tx.execute(
      sql`update fhir_subscriptions set cursor = ${last.at}::timestamptz where id = ${subscriptionId}`,
    );
    return true;
  });
}

async function fanOut(deps: DeliveryDeps): Promise<void> {
  const pending = await rowsOf<{ id: string }>(
    deps.db,
    sql`select s.id from fhir_subscriptions s
        where s.status in ('active', 'error') and exists (
          select 1 from fhir_changes c where c.resource_type = s.resource_type and c.published_at > s.cursor)`,
  );
  for (const { id } of pending) while (await fanOutOne(deps, id));
}

interface Claimed {
  id: string;
  subscription_id: string;
  change_id: string;
  resource_type: string;
  resource_id: string;
  method: ChangeMethod;
  changed_at: string;
  attempts: number;
  endpoint: string;
  secret: string;
  payload_content: PayloadContent;
  client_id: string;
}

/** The body of a notification: a history Bundle of the one change, with or without the resource, or none. */
async function bodyOf(deps: DeliveryDeps, notification: Claimed, client: ActiveClient): Promise<string> {
  if (notification.payload_content === 'empty') return '';
  const entries = await historyEntries(contextOf(deps, deps.db, client), deps.handlers, [
    {
      id: Number(notification.change_id),
      resourceType: notification.resource_type,
      resourceId: notification.resource_id,
      method: notification.method,
      at: notification.changed_at,
    },
  ]);
  const bundle: Bundle = {
    resourceType: 'Bundle',
    id: notification.id,
    type: 'history',
    meta: { lastUpdated: notification.changed_at },
    // id-only: the entry says which resource changed, how and to which version; the receiver reads it.
    entry:
      notification.payload_content === 'id-only'
        ? entries.map(({ resource: _resource, ...entry }) => entry)
        : entries,
  };
  return JSON.stringify(bundle);
}

/** One attempt: null when the endpoint accepted it (2xx), else why not. */
async function send(deps: DeliveryDeps, notification: Claimed): Promise<string | null> {
  const client = await loadActiveClient(deps.db, notification.client_id);
  if (!client) return 'the subscription’s client was revoked';
  const body = await bodyOf(deps, notification, client);
  const timestamp = Math.floor(Date.now() / 1000);
  try {
    const status = await post(
      notification.endpoint,
      {
        'content-type': `${FHIR_MIME}; charset=utf-8`,
        [NOTIFICATION_ID_HEADER]: notification.id,
        [SUBSCRIPTION_HEADER]: `Subscription/${notification.subscription_id}`,
        [TIMESTAMP_HEADER]: String(timestamp),
        [SIGNATURE_HEADER]: signNotification(notification.secret, timestamp, body),
        [ATTEMPT_HEADER]: String(notification.attempts),
      },
      body,
      guardedLookup(deps.config.subscriptionAllowLocalHttp),
    );
    return status >= 200 && status < 300 ? null : `HTTP ${status}`;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code ?? (error instanceof Error ? error.name : 'failed');
  }
}

/**
 * One POST of a notification, its status when answered: no redirect followed, SEND_TIMEOUT_MS in all,
 * the socket's addresses from `lookup` (guardedLookup refuses internal ones).
 */
function post(
  endpoint: string,
  headers: Record<string, string>,
  body: string,
  lookup: LookupFunction,
): Promise<number> {
  return new Promise((resolve, reject) => {
    const url = new URL(endpoint);
    const request = (url.protocol === 'https:' ? httpsRequest : httpRequest)(
      url,
      { method: 'POST', headers: { ...headers, 'content-length': Buffer.byteLength(body) }, lookup },
      (response) => {
        response.resume();
        resolve(response.statusCode ?? 0);
      },
    );
    const timer = setTimeout(() => {
      const timeout: NodeJS.ErrnoException = new Error('the endpoint did not answer in time');
      timeout.code = 'TIMEOUT';
      request.destroy(timeout);
    }, SEND_TIMEOUT_MS);
    request.on('error', reject);
    request.on('close', () => clearTimeout(timer));
    request.end(body);
  });
}

/** The wait before attempt `attempts + 1`: base × 2^(attempts − 1), up to an hour, plus up to 10 %. */
export function backoffMs(attempts: number, baseMs: number): number {
  const wait = Math.min(baseMs * 2 ** Math.max(0, attempts - 1), MAX_BACKOFF_MS);
  return Math.round(wait * (1 + Math.random() * 0.1));
}

async function settle(deps: DeliveryDeps, notification: Claimed, failure: string | null): Promise<void> {
  const { db, config } = deps;
  if (failure === null) {
    await db.execute(
      sql`update fhir_notifications set status = 'sent', sent_at = now(), last_error = null where id = ${notification.id}`,
    );
    await db.execute(
      sql`update fhir_subscriptions set status = 'active', error = null
          where id = ${notification.subscription_id} and status = 'error'`,
    );
    return;
  }
  if (notification.attempts >= config.subscriptionMaxAttempts) {
    await db.execute(
      sql`update fhir_notifications set status = 'dead', last_error = ${failure} where id = ${notification.id}`,
    );
    const error = `Notification ${notification.id} (${notification.resource_type}/${notification.resource_id}) given up after ${notification.attempts} attempts: ${failure}`;
    await db.execute(
      sql`update fhir_subscriptions set status = 'error', error = ${error}
          where id = ${notification.subscription_id} and status <> 'off'`,
    );
    deps.log.warn({ subscription: notification.subscription_id }, error);
    return;
  }
  const wait = backoffMs(notification.attempts, config.subscriptionRetryBaseMs);
  await db.execute(
    sql`update fhir_notifications set last_error = ${failure},
        next_attempt_at = now() + ${wait} * interval '1 millisecond' where id = ${notification.id}`,
  );
}

/** Step 3: claims and sends due notifications until none is due; how many were sent or settled. */
async function deliverDue(deps: DeliveryDeps): Promise<number> {
  let settled = 0;
  for (;;) {
    const claimed = await rowsOf<Claimed>(
      deps.db,
      sql`update fhir_notifications n
          set next_attempt_at = now() + ${LEASE_S} * interval '1 second', attempts = n.attempts + 1
          from fhir_subscriptions s
          where s.id = n.subscription_id and n.id in (
            select id from fhir_notifications
            where status = 'pending' and next_attempt_at <= now()
            order by next_attempt_at limit ${CLAIM_BATCH}
            for update skip locked)
          returning n.id, n.subscription_id, n.change_id, n.resource_type, n.resource_id, n.method,
            ${instant(sql`n.changed_at`)} as changed_at, n.attempts, s.endpoint, s.secret, s.payload_content, s.client_id`,
    );
    if (claimed.length === 0) return settled;
    await Promise.all(
      claimed.map(async (notification) => settle(deps, notification, await send(deps, notification))),
    );
    settled += claimed.length;
  }
}

/** One turn of the three steps. */
export async function deliveryTurn(deps: DeliveryDeps): Promise<void> {
  while ((await publishChangesInTurn(deps.db)) >= PUBLISH_BATCH);
  await fanOut(deps);
  await deliverDue(deps);
}

/**
 * Runs turns on every commit that changed something (NOTIFY from the feed's triggers), and every
 * `FEED_POLL_MS` for retries that fall due and notifications another instance gave up. One turn at a
 * time per instance; a wake-up during a turn asks for one more. Returns the function that stops it.
 */
export function startDelivery(
  deps: DeliveryDeps,
  listen: (wake: () => void) => () => Promise<void>,
): () => Promise<void> {
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;
  const wake = () => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = (async () => {
      do {
        again = false;
        try {
          await deliveryTurn(deps);
        } catch (error) {
          if (!stopped) deps.log.warn({ err: error }, 'subscription delivery turn failed; retried');
        }
      } while (again && !stopped);
    })().finally(() => {
      running = null;
    });
  };
  const timer = setInterval(wake, deps.config.feedPollMs);
  timer.unref();
  const unlisten = listen(wake);
  wake();
  return async () => {
    stopped = true;
    clearInterval(timer);
    await unlisten();
    await running;
  };
}

/**
 * The delivery loop as a Fastify plugin that owns it: started once the app is ready, woken by the
 * feed's NOTIFY channel, stopped (its turn finished) when the app closes.
 */
export function subscriptionDelivery(
  deps: Omit<DeliveryDeps, 'log'> & { database: Pick<Database, 'listen'> },
) {
  return async (app: FastifyInstance) => {
    if (!deps.config.feedWorker) return;
    let stop: (() => Promise<void>) | null = null;
    app.addHook('onReady', async () => {
      stop = startDelivery({ ...deps, log: app.log }, (wake) =>
        deps.database.listen(FHIR_CHANGES_CHANNEL, { message: wake, lost: wake }, app.log),
      );
    });
    app.addHook('onClose', async () => {
      await stop?.();
    });
  };
}

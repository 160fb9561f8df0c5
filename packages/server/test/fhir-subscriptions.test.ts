import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { Bundle, OperationOutcome, Patient, Subscription } from '@medplum/fhirtypes';
import { FHIR_BASE_PATH } from '@portail/contract/integration/fhir';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { Client } from 'fhir-kit-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { rowsOf } from '../src/db/rows';
import { participants } from '../src/db/schema';
import { verifyNotification } from '../src/features/integration/notification-signature';
import { SECRET_EXTENSION } from '../src/features/integration/subscriptions.service';
import { freePort, systemClient } from './fhir-fixtures';
import { createTestContext, type TestContext } from './helper';

/**
 * Issue 19: rest-hook subscriptions. A local receiver on a free port gets the portal's signed POSTs;
 * retries, the attempt limit, a restart of the app and two instances on one database.
 */
interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

let ctx: TestContext;
let client: Client;
let receiver: Server;
let hookUrl: string;
const received: Received[] = [];
/** How many of the next requests the receiver answers 500. */
let failNext = 0;

const SETTINGS = {
  SUBSCRIPTION_RETRY_BASE_MS: '50',
  SUBSCRIPTION_MAX_ATTEMPTS: '3',
  FEED_POLL_MS: '50',
};

beforeAll(async () => {
  const port = await freePort();
  ctx = await createTestContext({
    participants: 40,
    env: { PUBLIC_URL: `http://127.0.0.1:${port}`, ...SETTINGS },
  });
  await ctx.app.listen({ port, host: '127.0.0.1' });
  const owner = await systemClient(ctx, 'system/Patient.rs system/Organization.rs system/Subscription.cruds');
  client = new Client({
    baseUrl: `http://127.0.0.1:${port}${FHIR_BASE_PATH}`,
    bearerToken: await owner.token(),
  });
  receiver = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => {
      body += chunk.toString('utf8');
    });
    request.on('end', () => {
      received.push({ headers: request.headers, body });
      response.statusCode = failNext > 0 ? 500 : 204;
      if (failNext > 0) failNext--;
      response.end();
    });
  });
  const hookPort = await freePort();
  await new Promise<void>((resolve) => receiver.listen(hookPort, '127.0.0.1', resolve));
  hookUrl = `http://127.0.0.1:${hookPort}/hook`;
}, 60_000);
afterAll(async () => {
  await new Promise((resolve) => receiver.close(resolve));
  await ctx.close();
});

const asSubscription = (reply: unknown) => reply as Subscription;

async function subscribe(criteria: string): Promise<{ id: string; secret: string }> {
  const created = asSubscription(
    await client.create({
      resourceType: 'Subscription',
      body: {
        resourceType: 'Subscription',
        status: 'requested',
        reason: 'Back office',
        criteria,
        channel: { type: 'rest-hook', endpoint: hookUrl, payload: 'application/fhir+json' },
      },
    }),
  );
  const secret = created.extension?.find((e) => e.url === SECRET_EXTENSION)?.valueString;
  if (!created.id || !secret) throw new Error('no id or secret');
  return { id: created.id, secret };
}

async function setStatus(id: string, status: 'off' | 'active') {
  const current = asSubscription(await client.read({ resourceType: 'Subscription', id }));
  await client.update({ resourceType: 'Subscription', id, body: { ...current, status } });
}

async function waitFor<T>(what: string, probe: () => T | undefined | Promise<T | undefined>, ms = 10_000) {
  const until = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

const forSubscription = (id: string) =>
  received.filter((r) => r.headers['x-portal-subscription'] === `Subscription/${id}`);

/** The id of the latest Patient change the feed recorded (from writes already committed). */
async function lastPatientChange(): Promise<string> {
  const [row] = await rowsOf<{ id: string | null }>(
    ctx.database.db,
    sql`select max(id)::text as id from fhir_changes where resource_type = 'Patient'`,
  );
  if (!row?.id) throw new Error('no Patient change');
  return row.id;
}

/**
 * Waits until the subscription's fan-out has judged the change and every one before it (its cursor
 * is past it): from then on no notification of those changes can be added for it.
 */
async function fannedOut(subscriptionId: string, changeId: string): Promise<void> {
  await waitFor(`the fan-out of change ${changeId}`, async () => {
    const [row] = await rowsOf<{ done: boolean | null }>(
      ctx.database.db,
      sql`select c.published_at <= s.cursor as done from fhir_changes c, fhir_subscriptions s
          where c.id = ${changeId} and s.id = ${subscriptionId}`,
    );
    return row?.done ? true : undefined;
  });
}

/** The subscription's notifications in the database: how many, and how many still to send. */
async function notificationsOf(subscriptionId: string): Promise<{ all: number; pending: number }> {
  const [row] = await rowsOf<{ total: number; pending: number }>(
    ctx.database.db,
    sql`select count(*)::int as total, (count(*) filter (where status = 'pending'))::int as pending
        from fhir_notifications where subscription_id = ${subscriptionId}`,
  );
  return { all: row?.total ?? 0, pending: row?.pending ?? 0 };
}

async function someParticipant(offset = 0) {
  const [row] = await ctx.database.db
    .select()
    .from(participants)
    .where(eq(participants.active, true))
    .orderBy(participants.id)
    .offset(offset)
    .limit(1);
  if (!row) throw new Error('no participant');
  return row;
}

const touch = (id: number, profession: string) =>
  ctx.database.db.update(participants).set({ profession }).where(eq(participants.id, id));

describe('Subscription registration', () => {
  it('shows the signing secret once, and one client never sees or changes another’s subscription', async () => {
    const { id } = await subscribe('Patient');
    const read = asSubscription(await client.read({ resourceType: 'Subscription', id }));
    expect(read.status).toBe('active');
    expect(read.extension).toBeUndefined();
    const other = await systemClient(ctx, 'system/Patient.rs system/Subscription.cruds');
    const stranger = new Client({ baseUrl: client.baseUrl, bearerToken: await other.token() });
    const status = await stranger
      .read({ resourceType: 'Subscription', id })
      .catch((error: { response: { status: number } }) => error.response.status);
    expect(status).toBe(404);
    const found = (await stranger.search({ resourceType: 'Subscription' })) as unknown as Bundle;
    expect(found.total).toBe(0);
    const changed = await stranger
      .update({ resourceType: 'Subscription', id, body: { ...read, status: 'off' } })
      .catch((error: { response: { status: number } }) => error.response.status);
    expect(changed).toBe(404);
    await setStatus(id, 'off');
  });

  it('refuses a plain http endpoint elsewhere than this machine, and a type outside the feed, naming the element', async () => {
    const refused = await client
      .create({
        resourceType: 'Subscription',
        body: {
          resourceType: 'Subscription',
          status: 'requested',
          reason: 'x',
          criteria: 'Observation',
          channel: { type: 'rest-hook', endpoint: 'http://backoffice.example.fr/hook' },
        },
      })
      .catch((error: { response: { status: number; data: OperationOutcome } }) => error.response);
    const { status, data } = refused as { status: number; data: OperationOutcome };
    expect(status).toBe(422);
    expect(data.issue.map((issue) => issue.expression?.[0])).toEqual([
      'Subscription.channel.endpoint',
      'Subscription.criteria',
    ]);
  });
});

describe('Delivery', () => {
  it('POSTs each change signed, with an id to de-duplicate on, and retries with the same id after failures', async () => {
    const { id, secret } = await subscribe('Patient');
    const row = await someParticipant();
    failNext = 2;
    await touch(row.id, 'Retried');
    const attempts = await waitFor('three attempts', () => {
      const got = forSubscription(id);
      return got.length >= 3 ? got : undefined;
    });
    expect(attempts.map((a) => a.headers['x-portal-attempt'])).toEqual(['1', '2', '3']);
    expect(new Set(attempts.map((a) => a.headers['x-portal-notification-id'])).size).toBe(1);
    const last = attempts[2];
    if (!last) throw new Error('no third attempt');
    const headers = {
      signature: String(last.headers['x-portal-signature']),
      timestamp: String(last.headers['x-portal-timestamp']),
    };
    expect(verifyNotification(secret, headers, last.body)).toBe(true);
    expect(verifyNotification('another secret', headers, last.body)).toBe(false);
    expect(verifyNotification(secret, headers, last.body.replace('Retried', 'Forged'))).toBe(false);
    const bundle = JSON.parse(last.body) as Bundle;
    expect(bundle.type).toBe('history');
    expect(bundle.id).toBe(last.headers['x-portal-notification-id']);
    expect(bundle.entry?.[0]?.request).toEqual({ method: 'PUT', url: `Patient/${row.id}` });
    expect((bundle.entry?.[0]?.resource as Patient | undefined)?.id).toBe(String(row.id));
    await setStatus(id, 'off');
  });

  it('id-only (the Subscriptions Backport extension on channel.payload): the entry names the change without the resource', async () => {
    const payloadContent = (code: string) => ({
      extension: [
        {
          url: 'http://hl7.org/fhir/uv/subscriptions-backport/StructureDefinition/backport-payload-content',
          valueCode: code,
        },
      ],
    });
    const body = (code: string, payload?: string) => ({
      resourceType: 'Subscription',
      status: 'requested',
      reason: 'Back office, ids only',
      criteria: 'Patient',
      channel: {
        type: 'rest-hook',
        endpoint: hookUrl,
        ...(payload ? { payload } : {}),
        _payload: payloadContent(code),
      },
    });
    for (const [code, payload, expression] of [
      ['everything', 'application/fhir+json', 'Subscription.channel.payload.extension'],
      ['id-only', undefined, 'Subscription.channel.payload'],
    ] as const) {
      const refused = await client
        .create({ resourceType: 'Subscription', body: body(code, payload) })
        .catch((error: { response: { status: number; data: OperationOutcome } }) => error.response);
      expect((refused as { status: number }).status, code).toBe(422);
      expect((refused as { data: OperationOutcome }).data.issue[0]?.expression, code).toEqual([expression]);
    }
    const created = asSubscription(
      await client.create({ resourceType: 'Subscription', body: body('id-only', 'application/fhir+json') }),
    );
    if (!created.id) throw new Error('no id');
    const read: unknown = await client.read({ resourceType: 'Subscription', id: created.id });
    expect((read as { channel: { _payload?: unknown } }).channel._payload).toEqual(payloadContent('id-only'));
    const row = await someParticipant(2);
    await touch(row.id, 'Ids only');
    const [got] = await waitFor('the notification', () =>
      forSubscription(created.id ?? '').length > 0 ? forSubscription(created.id ?? '') : undefined,
    );
    const entry = (JSON.parse(got?.body ?? '{}') as Bundle).entry?.[0];
    expect(entry?.request).toEqual({ method: 'PUT', url: `Patient/${row.id}` });
    expect(entry?.fullUrl).toMatch(new RegExp(`/Patient/${row.id}$`));
    expect(entry?.response?.etag).toMatch(/^W\/"\d+"$/);
    expect(entry?.resource).toBeUndefined();
    await setStatus(created.id, 'off');
  });

  it('notifies only the changes its criteria match (Patient?active=false: a termination)', async () => {
    const { id } = await subscribe('Patient?active=false');
    const row = await someParticipant(1);
    await touch(row.id, 'Still active');
    // Criteria are evaluated on the resource as it is at fan-out: let this change be judged while the
    // participant is still active.
    await fannedOut(id, await lastPatientChange());
    await ctx.database.db
      .update(participants)
      .set({ active: false, terminationDate: '2026-11-25' })
      .where(eq(participants.id, row.id));
    const got = await waitFor('the termination', () =>
      forSubscription(id).length > 0 ? forSubscription(id) : undefined,
    );
    // Both changes are judged: the first one would have its notification by now.
    await fannedOut(id, await lastPatientChange());
    // (Counted, not checked as sent: the receiver records a POST before the sender marks it sent.)
    expect((await notificationsOf(id)).all).toBe(1);
    expect(forSubscription(id)).toHaveLength(1);
    expect((JSON.parse(got[0]?.body ?? '{}') as Bundle).entry?.[0]?.resource).toMatchObject({
      active: false,
    });
    await setStatus(id, 'off');
  });

  it('gives up after the attempt limit and shows error on the Subscription, then recovers on the next success', async () => {
    const { id } = await subscribe('Patient');
    failNext = 3;
    await touch((await someParticipant(2)).id, 'Given up');
    const errored = await waitFor('status error', async () => {
      const sub = asSubscription(await client.read({ resourceType: 'Subscription', id }));
      return sub.status === 'error' ? sub : undefined;
    });
    expect(errored.error).toMatch(/given up after 3 attempts: HTTP 500/);
    await touch((await someParticipant(2)).id, 'Back');
    await waitFor('status active', async () => {
      const sub = asSubscription(await client.read({ resourceType: 'Subscription', id }));
      return sub.status === 'active' ? sub : undefined;
    });
    await setStatus(id, 'off');
    const before = { received: forSubscription(id).length, stored: await notificationsOf(id) };
    // An active subscription sees the same change: once its notification arrives, that change's fan-out
    // (every subscription in one turn, before any sending) is over.
    const witness = await subscribe('Patient');
    await touch((await someParticipant(2)).id, 'Off');
    await waitFor('the witness’s notification', () =>
      forSubscription(witness.id).length > 0 ? true : undefined,
    );
    expect((await notificationsOf(id)).all).toBe(before.stored.all);
    expect(forSubscription(id)).toHaveLength(before.received);
    await setStatus(witness.id, 'off');
  });

  it('loses nothing across a restart of the app, and two instances deliver each notification once', async () => {
    const { id } = await subscribe('Patient');
    // The app stops while the receiver is failing: the notification waits in the database.
    failNext = 1;
    const row = await someParticipant(3);
    await touch(row.id, 'Before restart');
    await waitFor('the failed attempt', () => (forSubscription(id).length > 0 ? true : undefined));
    await ctx.app.close();
    const started: FastifyInstance[] = [];
    for (const _ of [1, 2]) {
      const app = await buildApp({
        config: ctx.config,
        database: ctx.database,
        notifier: ctx.notifier,
        logger: false,
      });
      await app.ready();
      started.push(app);
    }
    try {
      await waitFor('the retry by a new instance', () =>
        forSubscription(id).length >= 2 ? true : undefined,
      );
      const ids = (await ctx.database.db.select({ id: participants.id }).from(participants).limit(20)).map(
        (r) => r.id,
      );
      for (const each of ids) await touch(each, 'Two instances');
      await waitFor('20 more notifications', () => (forSubscription(id).length >= 22 ? true : undefined));
      // Every change judged and every notification sent: no instance has one left to send.
      await fannedOut(id, await lastPatientChange());
      await waitFor('no notification left to send', async () =>
        (await notificationsOf(id)).pending === 0 ? true : undefined,
      );
      expect((await notificationsOf(id)).all).toBe(21);
      const notificationIds = forSubscription(id).map((r) => String(r.headers['x-portal-notification-id']));
      // The first notification twice (failed, then retried); each other one once.
      expect(notificationIds).toHaveLength(22);
      expect(new Set(notificationIds).size).toBe(21);
    } finally {
      for (const app of started) await app.close();
    }
  });
});

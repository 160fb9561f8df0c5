import { parseArgs } from 'node:util';
import type { Subscription } from '@medplum/fhirtypes';
import { FHIR_MIME } from '@portail/contract/integration/fhir';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { FEED_HANDLERS } from '../features/integration/fhir-handlers';
import { FhirError } from '../features/integration/fhir-outcome';
import { PAYLOAD_CONTENT_EXTENSION, subscriptionInput } from '../features/integration/subscription-rules';
import {
  createSubscription,
  listSubscriptions,
  removeSubscription,
  type VisibleSubscription,
} from '../features/integration/subscriptions.service';
import { type ClientSummary, listClients } from '../features/integration/system-clients';
import { audit } from '../lib/audit';

/**
 * `npm run integration -- subscription add|list|remove`: the centre registers a rest-hook subscription
 * for one of its clients (README "Integration API: change feed and subscriptions"), with the same
 * checks as a Subscription posted to /fhir/R4 by that client (criteria within its scopes, https).
 */
export const SUBSCRIPTION_USAGE = `       npm run integration -- subscription add --client NAME|CLIENT_ID --endpoint URL --criteria CRITERIA [--payload full|id-only|empty] [--force]
       npm run integration -- subscription list [--force]
       npm run integration -- subscription remove ID [--force]

Subscriptions: CRITERIA is a type of the change feed (${[...FEED_HANDLERS.keys()].join(', ')}),
optionally with its search parameters ("Patient?active=false"); the client must be allowed to read and
search it. --payload: full (the changed resource, the default), id-only (which resource changed, to
read), empty (no body). The signing secret is printed once. remove deletes the subscription and its
pending notifications.`;

export class SubscriptionUsageError extends Error {}

export type PayloadOption = 'full' | 'id-only' | 'empty';

export type SubscriptionCommand =
  | {
      kind: 'subscription';
      action: 'add';
      client: string;
      endpoint: string;
      criteria: string;
      payload: PayloadOption;
      force: boolean;
    }
  | { kind: 'subscription'; action: 'list'; force: boolean }
  | { kind: 'subscription'; action: 'remove'; id: string; force: boolean };

const OPTIONS = {
  client: { type: 'string' },
  endpoint: { type: 'string' },
  criteria: { type: 'string' },
  payload: { type: 'string' },
  force: { type: 'boolean' },
} as const;

const PAYLOADS: readonly string[] = ['full', 'id-only', 'empty'];
const isPayload = (value: string): value is PayloadOption => PAYLOADS.includes(value);

/** `subscription …` (the words after `subscription`), or SubscriptionUsageError. */
export function parseSubscriptionArgs(argv: string[]): SubscriptionCommand {
  let parsed: ReturnType<
    typeof parseArgs<{ args: string[]; options: typeof OPTIONS; allowPositionals: true }>
  >;
  try {
    parsed = parseArgs({ args: argv, options: OPTIONS, allowPositionals: true, strict: true });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const option = /'(-[^' ]+)/.exec(message)?.[1];
    throw new SubscriptionUsageError(option ? `unknown or incomplete option ${option}` : message);
  }
  const { values, positionals } = parsed;
  const [verb, target, ...extra] = positionals;
  const force = values.force ?? false;
  const given = (['client', 'endpoint', 'criteria', 'payload'] as const).filter(
    (name) => values[name] !== undefined,
  );
  const refuseOptions = (what: string) => {
    if (given.length > 0)
      throw new SubscriptionUsageError(`${what} takes no ${given.map((name) => `--${name}`).join(', ')}`);
  };
  if (verb === 'list') {
    if (target !== undefined)
      throw new SubscriptionUsageError(`subscription list takes no argument, not ${target}`);
    refuseOptions('subscription list');
    return { kind: 'subscription', action: 'list', force };
  }
  if (verb === 'remove') {
    if (target === undefined || extra.length > 0)
      throw new SubscriptionUsageError('subscription remove takes one subscription id');
    refuseOptions('subscription remove');
    return { kind: 'subscription', action: 'remove', id: target, force };
  }
  if (verb !== 'add') throw new SubscriptionUsageError('expected: subscription add, list or remove');
  if (target !== undefined)
    throw new SubscriptionUsageError(`subscription add takes options only, not ${target}`);
  const { client, endpoint, criteria } = values;
  if (client === undefined || endpoint === undefined || criteria === undefined)
    throw new SubscriptionUsageError('subscription add needs --client, --endpoint and --criteria');
  const payload = values.payload ?? 'full';
  if (!isPayload(payload)) throw new SubscriptionUsageError('--payload is full, id-only or empty');
  return { kind: 'subscription', action: 'add', client, endpoint, criteria, payload, force };
}

/** The Subscription the client would post for these options (so that the API's checks apply as they are). */
function subscriptionOf(command: Extract<SubscriptionCommand, { action: 'add' }>): Subscription {
  const content = command.payload === 'full' ? 'full-resource' : command.payload;
  const channel = {
    type: 'rest-hook' as const,
    endpoint: command.endpoint,
    ...(content === 'empty' ? {} : { payload: FHIR_MIME }),
    ...(content === 'id-only'
      ? { _payload: { extension: [{ url: PAYLOAD_CONTENT_EXTENSION, valueCode: content }] } }
      : {}),
  };
  return {
    resourceType: 'Subscription',
    status: 'requested',
    reason: 'Registered with npm run integration',
    criteria: command.criteria,
    channel,
  };
}

const PAYLOAD_NAME = { 'full-resource': 'full', 'id-only': 'id-only', empty: 'empty' } as const;
const when = (date: Date) => date.toLocaleString('fr-FR', { timeZone: 'Europe/Paris' });

function describeSubscription(row: VisibleSubscription, clients: ClientSummary[]): string {
  const client = clients.find((each) => each.clientId === row.clientId);
  return [
    row.id,
    `  client:   ${client ? `${client.name} (${row.clientId})` : row.clientId}`,
    `  status:   ${row.status}${row.error ? ` (${row.error})` : ''}`,
    `  criteria: ${row.criteria}`,
    `  endpoint: ${row.endpoint}`,
    `  payload:  ${PAYLOAD_NAME[row.payloadContent]}`,
    `  created:  ${when(row.createdAt)}`,
  ].join('\n');
}

/** Runs a parsed subscription command; refusals (an unknown client, a criteria refused) are results. */
export async function runSubscriptionCommand(
  command: SubscriptionCommand,
  deps: { db: Db; config: Config },
): Promise<{ code: number; text: string }> {
  const { db, config } = deps;
  const clients = await listClients(db);
  if (command.action === 'list') {
    const rows = await listSubscriptions(db, null);
    if (rows.length === 0) return { code: 0, text: 'No subscription is registered.' };
    return { code: 0, text: rows.map((row) => describeSubscription(row, clients)).join('\n') };
  }
  if (command.action === 'remove') {
    if (!(await removeSubscription(db, command.id)))
      return { code: 1, text: `No subscription ${command.id}.` };
    await audit(db, {
      actorUserId: null,
      action: 'INTEGRATION_SUBSCRIPTION_REMOVED',
      targetType: 'fhir_subscription',
      targetId: command.id,
      details: {},
    });
    return { code: 0, text: `Subscription ${command.id} removed: nothing more is sent to its endpoint.` };
  }
  const client =
    clients.find((each) => each.clientId === command.client) ??
    clients.find((each) => each.name === command.client.trim());
  if (!client) return { code: 1, text: `Not added: no client named or numbered ${command.client}.` };
  if (client.revokedAt) return { code: 1, text: `Not added: ${client.name} is revoked.` };
  let input: ReturnType<typeof subscriptionInput>;
  try {
    input = subscriptionInput(
      subscriptionOf(command),
      { feedHandlers: FEED_HANDLERS, allowLocalHttp: config.subscriptionAllowLocalHttp },
      client.scopes,
    );
  } catch (error) {
    if (!(error instanceof FhirError)) throw error;
    const lines = error.issues.map(
      (issue) => `  ${issue.expression?.join(', ') ?? ''}: ${issue.diagnostics}`,
    );
    return { code: 1, text: ['Not added:', ...lines].join('\n') };
  }
  const { row, secret } = await createSubscription(db, client.clientId, input);
  await audit(db, {
    actorUserId: null,
    action: 'INTEGRATION_SUBSCRIPTION_ADDED',
    targetType: 'fhir_subscription',
    targetId: row.id,
    details: { clientId: client.clientId, criteria: row.criteria, endpoint: row.endpoint },
  });
  return {
    code: 0,
    text: [
      `Subscription added for ${client.name}.`,
      describeSubscription(row, clients),
      `signing secret: ${secret}`,
      'The secret is shown this once: give it to the receiver, which checks X-Portal-Signature with it',
      '(HMAC-SHA256 of "<X-Portal-Timestamp>.<body>"; README "Integration API: change feed and subscriptions").',
      'Notifications start with the next change.',
    ].join('\n'),
  };
}

import type { Subscription } from '@medplum/fhirtypes';
import { invalid, versionConflict } from './fhir-outcome';
import type { FhirResourceHandler, SearchParameterInfo } from './fhir-resource';
import { type SubscriptionRules, subscriptionInput } from './subscription-rules';
import {
  createSubscription,
  findSubscription,
  listSubscriptions,
  toSubscription,
  updateSubscription,
} from './subscriptions.service';

const SEARCH_PARAMS: readonly SearchParameterInfo[] = [
  { name: '_id', type: 'token', documentation: 'The subscription id' },
  { name: 'status', type: 'token', documentation: 'active, error or off' },
];

/**
 * FHIR R4 Subscription, channel rest-hook (README "Integration API: change feed and subscriptions"):
 * a client registers an endpoint that gets a signed POST for each change its criteria match. Each
 * client sees and changes only its own; the signing secret is in the creation's reply only. A
 * subscription is stopped with status `off` (an update), not deleted.
 */
export function subscriptionHandler(rules: SubscriptionRules): FhirResourceHandler<Subscription> {
  return {
    type: 'Subscription',
    documentation:
      'rest-hook subscriptions to the change feed (criteria: a type of the feed, optionally with its search parameters); notifications signed with HMAC-SHA256',
    searchParams: SEARCH_PARAMS,
    read: async (ctx, id) => {
      const row = await findSubscription(ctx.db, ctx.client.clientId, id);
      return row ? toSubscription(row) : null;
    },
    search: async (ctx, params, page) => {
      const where: { id?: string; status?: string } = {};
      for (const [name, value] of params) {
        if (name === '_id') where.id = value;
        if (name === 'status') {
          if (!['active', 'error', 'off', 'requested'].includes(value))
            throw invalid('status is active, error or off', 'status', 'value');
          where.status = value;
        }
      }
      const rows = await listSubscriptions(ctx.db, ctx.client.clientId, where);
      return {
        resources: rows.slice(page.offset, page.offset + page.count).map((row) => toSubscription(row)),
        total: rows.length,
      };
    },
    async create(ctx, resource) {
      const input = subscriptionInput(resource, rules, ctx.client.scopes);
      const { row, secret } = await createSubscription(ctx.db, ctx.client.clientId, input);
      return toSubscription(row, secret);
    },
    async update(ctx, id, resource, expectedVersion) {
      const current = await findSubscription(ctx.db, ctx.client.clientId, id, true);
      if (!current) return null;
      if (expectedVersion !== null && expectedVersion !== current.version)
        throw versionConflict('Subscription', id, expectedVersion, current.version);
      const input = subscriptionInput(resource, rules, ctx.client.scopes);
      return toSubscription(await updateSubscription(ctx.db, current, input));
    },
  };
}

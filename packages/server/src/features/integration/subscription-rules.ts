import { lookup as dnsLookup, type LookupAddress, type LookupAllOptions, type LookupOptions } from 'node:dns';
import { BlockList, isIP, type LookupFunction } from 'node:net';
import type { Extension, Subscription } from '@medplum/fhirtypes';
import { FHIR_MIME } from '@portail/contract/integration/fhir';
import { PAYLOAD_CONTENTS, type PayloadContent } from '../../db/schema';
import { FhirError, type Issue } from './fhir-outcome';
import type { FhirResourceHandler } from './fhir-resource';
import { scopeAllows } from './smart-scopes';

/** What a Subscription asks for, checked: the part the portal stores. */
export interface SubscriptionInput {
  status: 'active' | 'off';
  criteria: string;
  resourceType: string;
  /** The criteria's query string, without `?` ('' for every change of the type). */
  filter: string;
  endpoint: string;
  payload: string | null;
  payloadContent: PayloadContent;
  reason: string;
}

/**
 * How much of the change a notification carries, as the R4 Subscriptions Backport IG says it: an
 * extension on `channel.payload` (`_payload` in JSON) with `empty`, `id-only` or `full-resource`.
 * Without it, a payload means the full resource, as plain R4 has it.
 */
export const PAYLOAD_CONTENT_EXTENSION =
  'http://hl7.org/fhir/uv/subscriptions-backport/StructureDefinition/backport-payload-content';

/** `channel._payload`, the extensions of the payload's value (not in @medplum/fhirtypes' R4 types). */
const payloadExtensions = (resource: Subscription): Extension[] =>
  (resource.channel as { _payload?: { extension?: Extension[] } } | undefined)?._payload?.extension ?? [];

const isPayloadContent = (value: string | undefined): value is PayloadContent =>
  (PAYLOAD_CONTENTS as readonly (string | undefined)[]).includes(value);

export interface SubscriptionRules {
  /** The resource types of the change feed, by type (the criteria name one). */
  feedHandlers: ReadonlyMap<string, FhirResourceHandler>;
  /** Whether http://127.0.0.1 and http://localhost endpoints are accepted (tests, demo). */
  allowLocalHttp: boolean;
}

const LOCAL_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

/** Addresses a notification must never be sent to: the portal's own machine and the networks behind it. */
const INTERNAL = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
] as const)
  INTERNAL.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of [
  ['::', 127],
  ['fc00::', 7],
  ['fe80::', 10],
] as const)
  INTERNAL.addSubnet(network, prefix, 'ipv6');

/** Whether a URL's host is a name or address of this machine or of a private network. */
function internalHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (host === 'localhost' || host.endsWith('.localhost')) return true;
  // An IPv4 address written as IPv6 (::ffff:7f00:1) is refused whatever it names: none is needed.
  if (host.startsWith('::ffff:')) return true;
  const family = isIP(host);
  return family !== 0 && INTERNAL.check(host, family === 4 ? 'ipv4' : 'ipv6');
}

/** A resolver of every address of a name (dns.lookup, or a stand-in in tests). */
export type AllAddresses = (
  hostname: string,
  options: LookupAllOptions,
  callback: (error: NodeJS.ErrnoException | null, addresses: LookupAddress[]) => void,
) => void;

/**
 * The `lookup` of the socket that posts a notification: the endpoint's name is resolved as usual and
 * refused (code EINTERNALADDRESS) when any address it resolves to is this machine's or a private
 * network's — a public-looking name may point inside. The socket connects to the addresses checked here,
 * so a name that answers otherwise on a second lookup (DNS rebinding) gains nothing. `allowLocal`
 * (SUBSCRIPTION_ALLOW_LOCAL_HTTP: tests, demo) lets `localhost` through.
 */
export function guardedLookup(
  allowLocal: boolean,
  resolve: AllAddresses = (hostname, options, callback) => dnsLookup(hostname, options, callback),
): LookupFunction {
  return (hostname: string, options: LookupOptions, callback) => {
    resolve(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, '', 0);
      const inside =
        allowLocal && hostname === 'localhost' ? undefined : addresses.find((a) => internalHost(a.address));
      const first = addresses[0];
      if (inside || !first) {
        const refusal: NodeJS.ErrnoException = new Error(
          `${hostname} resolves to ${inside?.address ?? 'no address'}: not an address the portal posts to`,
        );
        refusal.code = 'EINTERNALADDRESS';
        return callback(refusal, '', 0);
      }
      if (options.all) return (callback as (e: null, all: LookupAddress[]) => void)(null, addresses);
      return callback(null, first.address, first.family);
    });
  };
}

/** An endpoint the portal will POST to: https, or local http when the setting allows it. */
export function endpointProblem(endpoint: string, allowLocalHttp: boolean): string | null {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return 'is not an absolute URL';
  }
  if (url.username || url.password) return 'must not carry a user name or password';
  if (endpoint.length > 2048) return 'is longer than 2,048 characters';
  if (url.protocol === 'https:')
    return internalHost(url.hostname)
      ? 'must not name this machine or a private, loopback or link-local network'
      : null;
  if (url.protocol === 'http:' && allowLocalHttp && LOCAL_HOSTS.has(url.hostname)) return null;
  return allowLocalHttp
    ? 'must be https (or http on 127.0.0.1 or localhost)'
    : 'must be https (SUBSCRIPTION_ALLOW_LOCAL_HTTP allows http on 127.0.0.1 for tests)';
}

/**
 * The criteria's type and query: `Patient` or `Patient?active=false`. Its parameters must be search
 * parameters of the type (the same the type's search takes); their values are checked by that search
 * when the handler runs it (subscriptions.service.ts).
 */
export function parseCriteria(
  criteria: string,
  rules: SubscriptionRules,
  scopes: readonly string[],
): { resourceType: string; filter: string } | Issue {
  const at = ['Subscription.criteria'];
  const [type = '', query = ''] = criteria.split('?', 2);
  const handler = rules.feedHandlers.get(type);
  if (!handler)
    return {
      code: 'not-supported',
      diagnostics: `criteria must name a type of the change feed (${[...rules.feedHandlers.keys()].join(', ')})`,
      expression: at,
    };
  if (!scopeAllows(scopes, type, 'read') || !scopeAllows(scopes, type, 'search'))
    return { code: 'forbidden', diagnostics: `The client may not read and search ${type}`, expression: at };
  const known = new Set(handler.searchParams.map((param) => param.name));
  for (const name of new URLSearchParams(query).keys())
    if (!known.has(name))
      return {
        code: 'not-supported',
        diagnostics: `${name} is not a search parameter of ${type}`,
        expression: at,
      };
  return { resourceType: type, filter: query };
}

/**
 * A Subscription as the portal takes it (FHIR R4: channel rest-hook), or a 422 naming each element at
 * fault. Elements the portal does not honour (`end`, `channel.header`) are refused rather than ignored.
 */
export function subscriptionInput(
  resource: Subscription,
  rules: SubscriptionRules,
  scopes: readonly string[],
): SubscriptionInput {
  const issues: Issue[] = [];
  const problem = (expression: string, diagnostics: string, code: Issue['code'] = 'value') =>
    issues.push({ code, diagnostics, expression: [expression] });
  if (resource.channel?.type !== 'rest-hook')
    problem('Subscription.channel.type', 'Only rest-hook channels are supported', 'not-supported');
  const endpoint = resource.channel?.endpoint ?? '';
  const endpointIssue = endpointProblem(endpoint, rules.allowLocalHttp);
  if (endpointIssue) problem('Subscription.channel.endpoint', `The endpoint ${endpointIssue}`);
  const payload = resource.channel?.payload ?? null;
  if (payload !== null && payload !== FHIR_MIME && payload !== 'application/json')
    problem('Subscription.channel.payload', `payload is ${FHIR_MIME} or absent (an empty notification)`);
  const contentCode = payloadExtensions(resource).find(
    (extension) => extension.url === PAYLOAD_CONTENT_EXTENSION,
  )?.valueCode;
  let payloadContent: PayloadContent = payload === null ? 'empty' : 'full-resource';
  if (contentCode !== undefined) {
    if (!isPayloadContent(contentCode))
      problem(
        'Subscription.channel.payload.extension',
        'The payload content is empty, id-only or full-resource',
      );
    else if (contentCode !== 'empty' && payload === null)
      problem('Subscription.channel.payload', `${contentCode} needs payload ${FHIR_MIME}`);
    else payloadContent = contentCode;
  }
  if (resource.channel?.header?.length)
    problem(
      'Subscription.channel.header',
      'Headers are not supported: notifications are signed',
      'not-supported',
    );
  if (resource.end)
    problem('Subscription.end', 'An end date is not supported: set status off', 'not-supported');
  if (resource.status === 'error')
    problem('Subscription.status', 'error is set by the server; send requested, active or off');
  const criteria = parseCriteria(resource.criteria ?? '', rules, scopes);
  if ('code' in criteria) issues.push(criteria);
  if (issues.length > 0 || 'code' in criteria) throw new FhirError(422, issues);
  return {
    status: resource.status === 'off' ? 'off' : 'active',
    criteria: resource.criteria,
    ...criteria,
    endpoint,
    payload: payloadContent === 'empty' ? null : FHIR_MIME,
    payloadContent,
    reason: resource.reason ?? '',
  };
}

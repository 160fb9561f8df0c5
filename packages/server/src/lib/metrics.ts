import { Counter, collectDefaultMetrics, Histogram, Registry } from 'prom-client';

/**
 * What a sign-in step ended with. The password grant: `success` (a session, for a participant with
 * its code sent), `wrong_password`, `unknown` (no such account), `inactive` (an account not yet or no
 * longer active), `locked` (refused while the account or identifier is locked), `throttled` (the
 * client address's limit), `busy` (the password-hashing queue was full), `too_many_texts` (the
 * account's text-message limit). The text-message code: `code_ok`, `code_wrong`, `code_exhausted`
 * (third wrong code: the session ends), `code_expired`, `code_throttled` (the account's code limit).
 */
export const SIGN_IN_OUTCOMES = [
  'success',
  'wrong_password',
  'unknown',
  'inactive',
  'locked',
  'throttled',
  'busy',
  'too_many_texts',
  'code_ok',
  'code_wrong',
  'code_exhausted',
  'code_expired',
  'code_throttled',
] as const;
export type SignInOutcome = (typeof SIGN_IN_OUTCOMES)[number];

const DELIVERY_CHANNELS = ['SMS', 'MAIL', 'LETTER'] as const;

/** A failed attempt to send a queued message (notify/sender.ts): `last` when it was the final one. */
export interface DeliveryFailure {
  channel: (typeof DELIVERY_CHANNELS)[number];
  last: boolean;
}

/**
 * Request durations: most calls take milliseconds, a password check a few hundred, exports and
 * document archives seconds.
 */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

/**
 * The process's own figures (CPU, memory, event loop, garbage collection, handles) under their usual
 * names (`process_*`, `nodejs_*`), so that the common Node.js dashboards read them as they are. They
 * belong to the process, not to an app: collected once, in a registry of their own (not
 * prom-client's global one), which every app's registry is merged with when it is scraped. Collecting
 * them per app would start one event-loop monitor and one garbage-collection observer per app, never
 * stopped (test processes build dozens of apps).
 */
let processRegistry: Registry | undefined;
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

/**
 * The operations metrics of one app (README, "Operations metrics"): a registry of its own, so that
 * several apps in one process (the tests) count apart. Features receive it in their deps and count
 * through its methods; the figures read from the database at scrape time are registered on `registry`
 * by features/metrics/metrics.plugin.ts. Names: the HTTP ones as Prometheus names them everywhere
 * (`http_*`), the process ones as prom-client does (`process_*`, `nodejs_*`), the portal's own
 * prefixed `portail_`. No label ever holds an id, a login or an address: routes are patterns.
 */
export class PortalMetrics {
  readonly registry = new Registry();
  private readonly requests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [this.registry],
  });
  private readonly durations = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from the request to its reply, by method, route pattern and status',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: DURATION_BUCKETS,
    registers: [this.registry],
  });
  private readonly signIns = new Counter({
    name: 'portail_sign_ins_total',
    help: 'Sign-in steps (password grant, then text-message code) by outcome',
    labelNames: ['outcome'] as const,
    registers: [this.registry],
  });
  private readonly locks = new Counter({
    name: 'portail_account_locks_total',
    help: 'Accounts locked by wrong passwords at sign-in',
    registers: [this.registry],
  });
  private readonly deliveryFailures = new Counter({
    name: 'portail_delivery_failures_total',
    help: 'Failed attempts to send a text message or mail, by channel; outcome dead when it was the last',
    labelNames: ['channel', 'outcome'] as const,
    registers: [this.registry],
  });

  constructor() {
    processMetrics();
    // Every series from the start at 0: a rate over a counter that appears later misses its first count.
    for (const outcome of SIGN_IN_OUTCOMES) this.signIns.inc({ outcome }, 0);
    for (const channel of DELIVERY_CHANNELS) {
      for (const outcome of ['retry', 'dead']) this.deliveryFailures.inc({ channel, outcome }, 0);
    }
  }

  /** One answered request; `route` is the route's pattern (`/api/participants/:id`), never the URL. */
  request(method: string, route: string, status: number, seconds: number): void {
    const labels = { method, route, status: String(status) };
    this.requests.inc(labels);
    this.durations.observe(labels, seconds);
  }

  signIn(outcome: SignInOutcome): void {
    this.signIns.inc({ outcome });
  }

  accountLocked(): void {
    this.locks.inc();
  }

  /** The sender's hook (notify/sender.ts). */
  readonly deliveryFailed = (failure: DeliveryFailure): void => {
    this.deliveryFailures.inc({ channel: failure.channel, outcome: failure.last ? 'dead' : 'retry' });
  };

  /** The Prometheus text of the process's metrics and this app's (each registry's text ends a line). */
  async text(): Promise<{ contentType: string; body: string }> {
    const [own, process] = await Promise.all([this.registry.metrics(), processMetrics().metrics()]);
    return { contentType: this.registry.contentType, body: `${process}\n${own}` };
  }
}

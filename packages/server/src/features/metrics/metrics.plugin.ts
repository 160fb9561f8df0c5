import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { type AddressInfo, BlockList, isIP } from 'node:net';
import { count, sql } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { Gauge } from 'prom-client';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { DELIVERY_STATUSES, outbox, users } from '../../db/schema';
import type { PortalMetrics } from '../../lib/metrics';

/*
 * `GET /metrics` in Prometheus text format (README, "Operations metrics"), with prom-client and these
 * few lines rather than fastify-metrics: the portal needs its own access rule (the socket's address,
 * answered 404 otherwise), an optional listener of its own, a registry per app and figures read from
 * the database at scrape time, which would mean configuring around most of what that plugin does.
 */

declare module 'fastify' {
  interface FastifyInstance {
    /** Where the metrics' own listener (METRICS_PORT) is bound, once the app is ready; null without it. */
    metricsAddress(): AddressInfo | null;
  }
}

export interface MetricsDeps {
  metrics: PortalMetrics;
  database: Database;
  config: Config;
  /** The delivery queue's jobs (pg-boss), when this app runs the queue. */
  queue?: { backlog(): Promise<{ queued: number; active: number }> } | undefined;
}

/**
 * Counts every reply by its route's pattern (`request.routeOptions.url`: `/api/participants/:id`, never
 * the URL, so that no id becomes a label); a request that matched no route is `unmatched`. Installed
 * on the root instance before any plugin, so that every route has it.
 */
export function countRequests(app: FastifyInstance, metrics: PortalMetrics): void {
  app.addHook('onResponse', (request, reply, done) => {
    metrics.request(
      request.method,
      request.routeOptions.url ?? 'unmatched',
      reply.statusCode,
      reply.elapsedTime / 1000,
    );
    done();
  });
}

/** A request that came through a proxy: the proxy's users are not the scraper, whatever its address. */
const FORWARDING_HEADERS = ['x-forwarded-for', 'forwarded', 'x-real-ip'];

/**
 * Who may read the metrics: a connection from an address of METRICS_ALLOW, judged on the socket's
 * address and never on `request.ip`, which TRUST_PROXY takes from X-Forwarded-For: a user behind the
 * same proxy as the scraper could write the scraper's address there. A request carrying a forwarding
 * header is refused too: a reverse proxy on the same host connects from 127.0.0.1 for its users.
 */
export function metricsAccess(allow: readonly string[]) {
  const list = new BlockList();
  for (const entry of allow) {
    const [address = '', bits] = entry.split('/');
    const family = isIP(address) === 6 ? 'ipv6' : 'ipv4';
    if (bits === undefined) list.addAddress(address, family);
    else list.addSubnet(address, Number(bits), family);
  }
  return (socketAddress: string | undefined, headers: IncomingHttpHeaders): boolean => {
    if (!socketAddress || FORWARDING_HEADERS.some((name) => headers[name] !== undefined)) return false;
    // An IPv4 client of a dual-stack socket shows as ::ffff:10.0.0.5: judged as 10.0.0.5.
    const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(socketAddress)?.[1];
    const address = mapped ?? socketAddress;
    const family = isIP(address);
    if (family === 0) return false;
    return list.check(address, family === 6 ? 'ipv6' : 'ipv4');
  };
}

/**
 * The figures read when Prometheus scrapes: messages by delivery status (one grouped count over the
 * outbox's (status, id) index), accounts whose lock still holds, the PostgreSQL pool, the queue's
 * jobs. A figure the database cannot give now is left out of that scrape (Prometheus marks it stale)
 * rather than failing the others.
 */
function registerScrapeGauges({ metrics, database, config, queue }: MetricsDeps, log: FastifyBaseLogger) {
  const registers = [metrics.registry];
  const { db } = database;
  const failed = (name: string, error: unknown) =>
    log.warn({ err: error }, `metrics: ${name} could not be read for this scrape`);
  new Gauge({
    name: 'portail_outbox_messages',
    help: 'Text messages and mails in the outbox by delivery status (QUEUED, RETRYING, DEAD, SENT)',
    labelNames: ['status'] as const,
    registers,
    async collect() {
      try {
        const rows = await db
          .select({ status: outbox.status, messages: count() })
          .from(outbox)
          .groupBy(outbox.status);
        for (const status of DELIVERY_STATUSES) {
          this.set({ status }, rows.find((row) => row.status === status)?.messages ?? 0);
        }
      } catch (error) {
        this.reset();
        failed('portail_outbox_messages', error);
      }
    },
  });
  new Gauge({
    name: 'portail_locked_accounts',
    help: 'Accounts whose lock holds now (locked less than LOCK_DURATION_S ago and not lifted)',
    registers,
    async collect() {
      try {
        const [row] = await db
          .select({ accounts: count() })
          .from(users)
          .where(sql`${users.lockedAt} > now() - make_interval(secs => ${config.lockDurationS})`);
        this.set(row?.accounts ?? 0);
      } catch (error) {
        this.reset();
        failed('portail_locked_accounts', error);
      }
    },
  });
  const pool = database.poolStats?.bind(database);
  if (pool) {
    new Gauge({
      name: 'portail_db_pool_connections',
      help: "Connections of this instance's PostgreSQL pool (at most DATABASE_POOL_SIZE), open and idle",
      labelNames: ['state'] as const,
      registers,
      collect() {
        const stats = pool();
        this.set({ state: 'open' }, stats.total);
        this.set({ state: 'idle' }, stats.idle);
      },
    });
    new Gauge({
      name: 'portail_db_pool_waiting_queries',
      help: 'Queries waiting for a connection of the pool',
      registers,
      collect() {
        this.set(pool().waiting);
      },
    });
  }
  if (queue) {
    new Gauge({
      name: 'portail_delivery_jobs',
      help: 'Jobs of the delivery queue waiting (queued, retries included) or being sent (active)',
      labelNames: ['state'] as const,
      registers,
      async collect() {
        try {
          const backlog = await queue.backlog();
          this.set({ state: 'queued' }, backlog.queued);
          this.set({ state: 'active' }, backlog.active);
        } catch (error) {
          this.reset();
          failed('portail_delivery_jobs', error);
        }
      },
    });
  }
}

const NOT_FOUND_HEADERS = { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' };

/**
 * `GET /metrics`: on the app's port, or with METRICS_PORT only on a listener of its own (opened when
 * the app is ready, closed with it), which answers nothing else. Either way a refused caller gets the
 * 404 of a path that does not exist.
 */
export function installMetrics(app: FastifyInstance, deps: MetricsDeps): void {
  const { metrics, config } = deps;
  registerScrapeGauges(deps, app.log);
  const allowed = metricsAccess(config.metricsAllow);
  let listener: Server | null = null;
  app.decorate('metricsAddress', () => (listener?.address() as AddressInfo | null) ?? null);

  if (config.metricsPort === undefined) {
    app.get('/metrics', { logLevel: 'warn', schema: { hide: true } }, async (request, reply) => {
      if (!allowed(request.socket.remoteAddress, request.headers)) return reply.callNotFound();
      const { contentType, body } = await metrics.text();
      return reply.header('content-type', contentType).header('cache-control', 'no-store').send(body);
    });
    return;
  }

  const port = config.metricsPort;
  app.addHook('onReady', async () => {
    const server = createServer(async (request, response) => {
      const path = (request.url ?? '').split('?')[0];
      const read = request.method === 'GET' || request.method === 'HEAD';
      if (!read || path !== '/metrics' || !allowed(request.socket.remoteAddress, request.headers)) {
        response.writeHead(404, NOT_FOUND_HEADERS).end('Not Found');
        return;
      }
      try {
        const { contentType, body } = await metrics.text();
        response
          .writeHead(200, {
            'content-type': contentType,
            'cache-control': 'no-store',
            'x-content-type-options': 'nosniff',
          })
          .end(request.method === 'HEAD' ? undefined : body);
      } catch (error) {
        app.log.error({ err: error }, 'metrics: the scrape failed');
        response.writeHead(500, NOT_FOUND_HEADERS).end('Internal Server Error');
      }
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, config.metricsHost, () => {
        server.off('error', reject);
        resolve();
      });
    });
    listener = server;
    const bound = server.address() as AddressInfo;
    app.log.info(`metrics on http://${bound.address}:${bound.port}/metrics`);
  });
  app.addHook('onClose', async () => {
    const server = listener;
    if (!server) return;
    listener = null;
    // Prometheus keeps its connection open between scrapes: close it rather than wait for it.
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });
}

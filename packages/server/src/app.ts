import { existsSync } from 'node:fs';
import { join } from 'node:path';
import formbody from '@fastify/formbody';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { API_ROUTES } from '@portail/contract/api/index';
import { FHIR_BASE_PATH, FHIR_MIME } from '@portail/contract/integration/fhir';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { installGuard } from './auth/guard';
import { boundHashQueue } from './auth/passwords';
import { SessionEvents } from './auth/session-events';
import { startSweeper } from './auth/sweep';
import type { Config, TrustProxy } from './config';
import type { Database } from './db/client';
import { accountRoutes } from './features/account/account.routes';
import { activityRoutes } from './features/activity/activity.routes';
import { addressRoutes } from './features/addresses/addresses.routes';
import { appointmentRoutes } from './features/appointments/appointments.routes';
import { assistanceRoutes } from './features/assistance/assistance.routes';
import { authRoutes } from './features/auth/auth.routes';
import { centreRoutes } from './features/centre/centre.routes';
import { checkupRoutes } from './features/checkups/checkups.routes';
import { correspondantRoutes } from './features/correspondants/correspondants.routes';
import { dataProtectionRoutes } from './features/data-protection/data-protection.routes';
import { devRoutes } from './features/dev/dev.routes';
import { documentRoutes } from './features/documents/documents.routes';
import { enumRoutes } from './features/enums/enums.routes';
import { healthRoutes } from './features/health/health.routes';
import { homeRoutes } from './features/home/home.routes';
import { feedRetention } from './features/integration/feed-retention';
import { type FhirRouteInfo, fhirRoutes } from './features/integration/fhir.plugin';
import { FEED_HANDLERS, FHIR_RESOURCE_HANDLERS } from './features/integration/fhir-handlers';
import { operationOutcome } from './features/integration/fhir-outcome';
import { smartRoutes } from './features/integration/smart.routes';
import { subscriptionHandler } from './features/integration/subscription.resource';
import { subscriptionDelivery } from './features/integration/subscription-delivery';
import { countRequests, installMetrics } from './features/metrics/metrics.plugin';
import { mutationRoutes } from './features/mutations/mutations.routes';
import { myDataRoutes } from './features/my-data/my-data.routes';
import { notificationRoutes } from './features/notifications/notifications.routes';
import { participantImportRoutes } from './features/participant-import/participant-import.routes';
import { ownDetailsRoutes } from './features/participants/own-details.routes';
import { participantRoutes } from './features/participants/participants.routes';
import { recoveryRoutes } from './features/recovery/recovery.routes';
import { registrationRoutes } from './features/registration/registration.routes';
import { secondFactorRoutes } from './features/second-factors';
import { sheetRoutes } from './features/sheets/sheets.routes';
import { Changes } from './lib/changes';
import { installErrorHandler } from './lib/error-handler';
import { PortalMetrics } from './lib/metrics';
import { loggableError, loggableRequest, PortalLogController } from './lib/request-log';
import { securityHeadersMiddleware } from './lib/security-headers';
import { serializerCompiler } from './lib/serializer';
import { checkDeclarationsServed } from './lib/serve';
import { validatorCompiler } from './lib/validator';
import { WorkbookWriters } from './lib/workbook/workbook-writers';
import { startDelivery } from './notify/delivery';
import { DemoProviders } from './notify/demo-provider';
import type { Notifier } from './notify/notifier';

/** The portal's version, as the FHIR CapabilityStatement names its software. */
const PORTAL_VERSION = '0.1.0';

export interface AppDeps {
  config: Config;
  database: Database;
  /** Tests pass their own; otherwise built from the configuration. */
  notifier?: Notifier;
  logger?: FastifyBaseLogger | boolean;
  /** Where the log lines go (standard output when absent); the security tests read them. */
  logStream?: { write(line: string): void };
}

/**
 * Fastify's types take no number of hops: the same rule as proxy-addr's, the first `hops` addresses
 * counted from the socket back are proxies, as a function.
 */
function trustedProxies(trust: TrustProxy): boolean | string[] | ((address: string, hop: number) => boolean) {
  return typeof trust === 'number' ? (_address, hop) => hop < trust : trust;
}

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, database } = deps;
  const securityHeaders = securityHeadersMiddleware();
  const app = Fastify({
    logger:
      deps.logger === undefined
        ? {
            level: config.logLevel,
            redact: ['req.headers.authorization', 'req.headers.cookie'],
            // Every `err` of every log line, the error handler's and the features' own, loses its values.
            serializers: { req: loggableRequest, err: (error) => loggableError(error) },
            ...(deps.logStream ? { stream: deps.logStream } : {}),
          }
        : typeof deps.logger === 'boolean'
          ? deps.logger
          : undefined,
    ...(deps.logger && typeof deps.logger !== 'boolean' ? { loggerInstance: deps.logger } : {}),
    trustProxy: trustedProxies(config.trustProxy),
    bodyLimit: 1024 * 1024,
    // Request lines without the secrets of query strings (lib/request-log.ts).
    logController: new PortalLogController(),
    // Replies Fastify writes before any hook runs (a malformed URL such as `/%ff`): the same headers.
    frameworkErrors: (error, request, reply) => {
      securityHeaders(request.raw, reply.raw, () => {
        // The FHIR API answers in its own language: an OperationOutcome.
        const fhir = (request.raw.url ?? '').startsWith(`${FHIR_BASE_PATH}/`);
        const body = fhir
          ? operationOutcome([{ code: 'invalid', diagnostics: 'The request line cannot be read' }])
          : { status: 400, error: 'Bad Request', message: 'http.400', code: error.code };
        reply.raw.writeHead(400, {
          'content-type': fhir ? `${FHIR_MIME}; charset=utf-8` : 'application/json; charset=utf-8',
          'cache-control': 'no-store',
        });
        reply.raw.end(JSON.stringify(body));
      });
    },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandler(app);
  // Before any plugin: every route's replies are counted (a plugin's routes take the hooks it finds).
  const metrics = config.metricsEnabled ? new PortalMetrics() : undefined;
  if (metrics) countRequests(app, metrics);

  app.addHook('onRequest', (request, reply, done) => {
    securityHeaders(request.raw, reply.raw, (error?: unknown) =>
      done(error instanceof Error ? error : undefined),
    );
  });
  await app.register(formbody);
  // The API speaks JSON (and the OAuth form): a text body is nobody's request, so it is refused (415)
  // rather than read as an ignored string by routes that take no body.
  app.removeContentTypeParser('text/plain');
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Portail Bilans API',
        version: '1.0.0',
        description: 'The wire contract of the check-up portal.',
      },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
    transform: jsonSchemaTransform,
  });
  // The documentation maps every call for whoever reads it: served in demo mode, and in production only
  // when API_DOCS=true. The document itself stays built (the security suite's fuzzer reads it).
  if (config.apiDocs) {
    await app.register(swaggerUi, {
      routePrefix: '/api/docs',
      staticCSP: true,
      // Its own policy replaces the portal's: keep the framing ban in it.
      transformStaticCSP: (header) => `${header}; frame-ancestors 'none'`,
    });
  }

  // Nothing the API answers may be cached: most of it is personal, some of it medical.
  app.addHook('onSend', async (request, reply) => {
    if (request.url.startsWith('/api/')) reply.header('cache-control', 'no-store');
  });

  // This app's sessions cache and their change news, handed to the guard and to the features.
  const sessions = new SessionEvents(config.sessionCacheTtlMs);
  app.decorate('sessions', sessions);
  if (config.databaseUrl) {
    const stop = sessions.listen(config.databaseUrl, app.log);
    app.addHook('onClose', stop);
  }
  installGuard(app, { db: database.db, config, sessions });
  boundHashQueue(config.passwordHashQueue);
  const stopSweeper = startSweeper(database.db, config, app.log);
  app.addHook('onClose', async () => stopSweeper());
  const demoProviders = config.demoMode ? new DemoProviders() : null;
  const delivery = await startDelivery(app, database, config, {
    demoProviders,
    notifier: deps.notifier,
    hooks: metrics ?? {},
  });
  const { notifier } = delivery;
  // What a feature's writes announce to the lists other features keep (lib/changes.ts).
  const changes = new Changes();
  app.decorate('listCaches', {});
  // The Excel exports' writer threads (lib/workbook): stopped with the app.
  const workbooks = new WorkbookWriters();
  app.addHook('onClose', async () => workbooks.close());
  const featureDeps = {
    workbooks,
    db: database.db,
    config,
    notifier,
    metrics,
    changes,
    sessions,
    listen: database.listen,
  };
  if (metrics) installMetrics(app, { metrics, database, config, queue: delivery.queue });

  await app.register(healthRoutes(database));
  await app.register(authRoutes(featureDeps));
  await app.register(enumRoutes(featureDeps));
  await app.register(addressRoutes());
  await app.register(homeRoutes(featureDeps));
  await app.register(participantRoutes(featureDeps));
  await app.register(participantImportRoutes(featureDeps));
  await app.register(mutationRoutes(featureDeps));
  await app.register(checkupRoutes(featureDeps));
  await app.register(appointmentRoutes(featureDeps));
  await app.register(ownDetailsRoutes(featureDeps));
  await app.register(activityRoutes(featureDeps));
  await app.register(correspondantRoutes(featureDeps));
  await app.register(accountRoutes(featureDeps));
  await app.register(myDataRoutes(featureDeps));
  await app.register(secondFactorRoutes(featureDeps));
  await app.register(registrationRoutes(featureDeps));
  await app.register(recoveryRoutes(featureDeps));
  await app.register(documentRoutes(featureDeps));
  await app.register(sheetRoutes(featureDeps));
  await app.register(assistanceRoutes(featureDeps));
  await app.register(dataProtectionRoutes(featureDeps));
  await app.register(notificationRoutes(featureDeps));
  await app.register(smartRoutes({ db: database.db, config }));
  app.decorate('fhirRouteTable', [] as FhirRouteInfo[]);
  // The change feed's types (fhir-handlers.ts), the subscriptions to them and their delivery.
  const subscriptions = subscriptionHandler({
    feedHandlers: FEED_HANDLERS,
    allowLocalHttp: config.subscriptionAllowLocalHttp,
  });
  await app.register(
    subscriptionDelivery({
      db: database.db,
      database,
      config,
      notifier,
      sessions,
      handlers: FEED_HANDLERS,
    }),
  );
  await app.register(feedRetention({ db: database.db, config }));
  await app.register(
    fhirRoutes({
      routeTable: app.fhirRouteTable,
      db: database.db,
      listen: database.listen,
      changes,
      config,
      notifier,
      sessions,
      handlers: [...FHIR_RESOURCE_HANDLERS, subscriptions],
      software: { name: 'Portail Bilans', version: PORTAL_VERSION },
    }),
  );
  await app.register(centreRoutes({ ...featureDeps, queue: delivery.queue }));
  if (demoProviders) await app.register(devRoutes({ ...featureDeps, demoProviders }));
  checkDeclarationsServed(app, API_ROUTES, config.demoMode);

  await registerWeb(app, config.webDist);
  return app;
}

/** The built single-page app, with its routes falling back to index.html. */
async function registerWeb(app: FastifyInstance, dist: string): Promise<void> {
  const hasWeb = existsSync(join(dist, 'index.html'));
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: dist,
      index: false,
      cacheControl: false,
      // Vite names assets by their content hash: they never change, so browsers may keep them.
      setHeaders: (response, path) => {
        response.header(
          'cache-control',
          path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }
  // docs/roles-and-access.md#route-table: `/` redirects to /login (the web app then sends a signed-in user home).
  app.get('/', async (_request, reply) => reply.redirect('/login'));
  app.setNotFoundHandler(async (request, reply) => {
    // `/metrics` refused or not served here (features/metrics): the plain 404, not the web app.
    const metricsPath = request.url === '/metrics' || request.url.startsWith('/metrics?');
    const wantsPage =
      request.method === 'GET' &&
      !request.url.startsWith('/api/') &&
      !request.url.startsWith('/dev/') &&
      !metricsPath;
    if (hasWeb && wantsPage) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    return reply.code(404).send({ status: 404, error: 'Not Found', message: 'http.404' });
  });
}

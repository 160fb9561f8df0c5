import { devApi } from '@portail/contract/api/dev';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { attachmentDisposition } from '../../lib/content-disposition';
import { serve } from '../../lib/serve';
import type { DemoProviders } from '../../notify/demo-provider';
import type { AuthDeps } from '../auth';
import { ClientError, registerClient } from '../integration';
import { renderOutboxPage } from './outbox.page';
import { findAttachment, listOutbox, morningOutbox, waitingMessages } from './outbox.queries';

export interface DevDeps extends AuthDeps {
  demoProviders: DemoProviders;
}

const providerState = (providers: DemoProviders) => ({
  sms: providers.isAccepting('SMS'),
  mail: providers.isAccepting('MAIL'),
  refused: providers.refusedRecipients(),
});

/** Demo mode only (ARCHITECTURE.md, Notifications): what the portal would have sent. */
export function devRoutes(deps: DevDeps) {
  return async (instance: FastifyInstance) => {
    // What was recorded, newest first, then (at night) what will leave in the morning.
    serve(instance, devApi.outbox, async (request) => {
      const [recorded, morning] = await Promise.all([
        listOutbox(deps.db, request.query),
        morningOutbox(deps.db, deps.config, request.query),
      ]);
      return { items: [...recorded, ...morning].slice(0, request.query.limit) };
    });
    serve(instance, devApi.attachment, async (request, reply) => {
      const file = await findAttachment(deps.db, request.params.id, request.params.attachmentId);
      if (!file) return reply.code(404).send({ status: 404, error: 'Not Found', message: 'http.404' });
      return reply
        .header('content-type', file.contentType)
        .header('content-disposition', attachmentDisposition(file.fileName))
        .send(Buffer.from(file.content));
    });
    serve(instance, devApi.integrationClient, async (request, reply) => {
      const scope = 'system/*.cruds';
      try {
        const client = await registerClient(deps.db, {
          name: request.body.name,
          scopes: scope,
          jwks: request.body.jwks,
        });
        return { clientId: client.clientId, name: client.name, scope };
      } catch (error) {
        if (!(error instanceof ClientError)) throw error;
        return reply.code(400).send({ status: 400, error: 'Bad Request', message: 'errors.invalid' });
      }
    });
    serve(instance, devApi.providers, async () => providerState(deps.demoProviders));
    serve(instance, devApi.switchProviders, async (request) => {
      if (request.body.sms !== undefined) deps.demoProviders.setAccepting('SMS', request.body.sms);
      if (request.body.mail !== undefined) deps.demoProviders.setAccepting('MAIL', request.body.mail);
      if (request.body.refused !== undefined) deps.demoProviders.setRefused(request.body.refused);
      request.log.info({ providers: providerState(deps.demoProviders) }, 'demo providers switched');
      return providerState(deps.demoProviders);
    });

    // The outbox's HTML page and its switches are not API calls: registered here as they are.
    const app = instance.withTypeProvider<ZodTypeProvider>();
    app.get('/dev/outbox', async (_request, reply) => {
      // The page shows first what will leave in the morning (at night), then what was recorded.
      const [morning, recorded, waiting] = await Promise.all([
        morningOutbox(deps.db, deps.config, {}),
        listOutbox(deps.db, { limit: 100 }),
        waitingMessages(deps.db),
      ]);
      const items = [...morning, ...recorded];
      return reply
        .header('content-type', 'text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(renderOutboxPage(items, deps.config.productName, providerState(deps.demoProviders), waiting));
    });
    // The page's switches: plain forms (no script), answered by a redirect back to the page.
    app.post(
      '/dev/outbox/providers',
      {
        schema: {
          body: z.object({ channel: z.enum(['SMS', 'MAIL']), accepting: z.enum(['true', 'false']) }),
        },
      },
      async (request, reply) => {
        deps.demoProviders.setAccepting(request.body.channel, request.body.accepting === 'true');
        request.log.info({ providers: providerState(deps.demoProviders) }, 'demo providers switched');
        return reply.redirect('/dev/outbox', 303);
      },
    );
  };
}

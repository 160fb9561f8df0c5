import { errorReply } from '@portail/contract/schemas/common';
import {
  demoIntegrationClient,
  demoIntegrationClientReply,
  demoProviders,
  demoProvidersUpdate,
  outboxQuery,
  outboxReply,
} from '@portail/contract/schemas/dev';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { attachmentDisposition } from '../../lib/content-disposition';
import type { DemoProviders } from '../../notify/demo-provider';
import type { AuthDeps } from '../auth/auth.service';
import { ClientError, registerClient } from '../integration/system-clients';
import { renderOutboxPage } from './outbox.page';
import { findAttachment, listOutbox, waitingMessages } from './outbox.queries';

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
    const app = instance.withTypeProvider<ZodTypeProvider>();
    app.get(
      '/api/dev/outbox',
      {
        config: { access: 'permit' },
        schema: { tags: ['dev'], querystring: outboxQuery, response: { 200: outboxReply } },
      },
      async (request) => ({ items: await listOutbox(deps.db, request.query) }),
    );
    app.get(
      '/api/dev/outbox/:id/attachments/:attachmentId',
      {
        config: { access: 'permit', ids: { id: 'outbox', attachmentId: 'outbox' } },
        schema: {
          tags: ['dev'],
          params: z.object({
            id: z.coerce.number().int().positive(),
            attachmentId: z.coerce.number().int().positive(),
          }),
        },
      },
      async (request, reply) => {
        const file = await findAttachment(deps.db, request.params.id, request.params.attachmentId);
        if (!file) return reply.code(404).send({ status: 404, error: 'Not Found', message: 'http.404' });
        return reply
          .header('content-type', file.contentType)
          .header('content-disposition', attachmentDisposition(file.fileName))
          .send(Buffer.from(file.content));
      },
    );
    app.post(
      '/api/dev/integration-client',
      {
        config: { access: 'permit' },
        schema: {
          tags: ['dev'],
          body: demoIntegrationClient,
          response: { 200: demoIntegrationClientReply, 400: errorReply },
        },
      },
      async (request, reply) => {
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
      },
    );
    app.get(
      '/api/dev/providers',
      {
        config: { access: 'permit' },
        schema: { tags: ['dev'], response: { 200: demoProviders } },
      },
      async () => providerState(deps.demoProviders),
    );
    app.put(
      '/api/dev/providers',
      {
        config: { access: 'permit' },
        schema: { tags: ['dev'], body: demoProvidersUpdate, response: { 200: demoProviders } },
      },
      async (request) => {
        if (request.body.sms !== undefined) deps.demoProviders.setAccepting('SMS', request.body.sms);
        if (request.body.mail !== undefined) deps.demoProviders.setAccepting('MAIL', request.body.mail);
        if (request.body.refused !== undefined) deps.demoProviders.setRefused(request.body.refused);
        request.log.info({ providers: providerState(deps.demoProviders) }, 'demo providers switched');
        return providerState(deps.demoProviders);
      },
    );
    app.get('/dev/outbox', async (_request, reply) => {
      const [items, waiting] = await Promise.all([
        listOutbox(deps.db, { limit: 100 }),
        waitingMessages(deps.db),
      ]);
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

import { errorReply } from '@portail/contract/schemas/common';
import {
  demoIntegrationClient,
  demoIntegrationClientReply,
  outboxQuery,
  outboxReply,
} from '@portail/contract/schemas/dev';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { attachmentDisposition } from '../../lib/content-disposition';
import type { AuthDeps } from '../auth/auth.service';
import { ClientError, registerClient } from '../integration/system-clients';
import { renderOutboxPage } from './outbox.page';
import { findAttachment, listOutbox } from './outbox.queries';

/** Demo mode only (ARCHITECTURE.md, Notifications): what the portal would have sent. */
export function devRoutes(deps: AuthDeps) {
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
    app.get('/dev/outbox', async (_request, reply) => {
      const items = await listOutbox(deps.db, { limit: 100 });
      return reply
        .header('content-type', 'text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(renderOutboxPage(items, deps.config.productName));
    });
  };
}

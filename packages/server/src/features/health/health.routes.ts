import { healthReply, readyReply } from '@portail/contract/schemas/health';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client';

export function healthRoutes(database: Database) {
  return async (instance: FastifyInstance) => {
    const app = instance.withTypeProvider<ZodTypeProvider>();
    app.get(
      '/api/health',
      {
        config: { access: 'permit' },
        logLevel: 'warn',
        schema: { tags: ['health'], response: { 200: healthReply } },
      },
      async () => ({ status: 'ok' as const }),
    );
    app.get(
      '/api/health/ready',
      {
        config: { access: 'permit' },
        logLevel: 'warn',
        schema: { tags: ['health'], response: { 200: readyReply, 503: readyReply } },
      },
      async (_request, reply) => {
        const up = await database.ping();
        return reply.code(up ? 200 : 503).send({ status: up ? 'ok' : 'unavailable', database: up });
      },
    );
  };
}

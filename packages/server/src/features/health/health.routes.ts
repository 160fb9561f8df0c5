import { healthApi } from '@portail/contract/api/health';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client';
import { serve } from '../../lib/serve';

export function healthRoutes(database: Database) {
  return async (app: FastifyInstance) => {
    serve(app, healthApi.live, async () => ({ status: 'ok' as const }), { logLevel: 'warn' });
    serve(
      app,
      healthApi.ready,
      async (_request, reply) => {
        const up = await database.ping();
        return reply.code(up ? 200 : 503).send({ status: up ? 'ok' : 'unavailable', database: up });
      },
      { logLevel: 'warn' },
    );
  };
}

import { errorReply } from '@portail/contract/schemas/common';
import { correspondantHome } from '@portail/contract/schemas/home';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireCaller } from '../../auth/caller';
import type { Db } from '../../db/client';
import { correspondantHomeFor } from './home.service';

/** The home screen's data (000 §2.5); the participant's part comes with the medical-space issue. */
export function homeRoutes(deps: { db: Db }) {
  return async (instance: FastifyInstance) => {
    const app = instance.withTypeProvider<ZodTypeProvider>();
    app.get(
      '/api/get-detail-accueil',
      {
        config: { access: ['ROLE_CORRESPONDANT'] },
        schema: { tags: ['home'], response: { 200: correspondantHome, 403: errorReply } },
      },
      async (request) => correspondantHomeFor(deps.db, requireCaller(request)),
    );
  };
}

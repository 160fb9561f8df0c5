import { legalApi } from '@portail/contract/api/legal';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { serve } from '../../lib/serve';
import { dataProtectionTree } from './legal.service';

/** The data-protection documents page (docs/data-protection-and-legal.md). */
export function legalRoutes(deps: { db: Db }) {
  return async (app: FastifyInstance) => {
    serve(app, legalApi.dataProtection, async () => dataProtectionTree(deps.db));
  };
}

import { dataProtectionApi } from '@portail/contract/api/data-protection';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { serve } from '../../lib/serve';
import { dataProtectionTree } from './data-protection.service';

/** The data-protection documents page (docs/data-protection-and-legal.md). */
export function dataProtectionRoutes(deps: { db: Db }) {
  return async (app: FastifyInstance) => {
    serve(app, dataProtectionApi.dataProtection, async () => dataProtectionTree(deps.db));
  };
}

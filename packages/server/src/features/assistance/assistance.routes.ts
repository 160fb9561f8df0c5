import { assistanceApi } from '@portail/contract/api/assistance';
import type { CentreInfo } from '@portail/contract/schemas/assistance';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import { serve } from '../../lib/serve';

/** The centre's identity from the configuration (docs/assistance.md). */
export function assistanceRoutes(deps: { config: Pick<Config, 'centre' | 'productName'> }) {
  const reply: CentreInfo = { ...deps.config.centre, produit: deps.config.productName };
  return async (app: FastifyInstance) => {
    serve(app, assistanceApi.centre, async () => reply);
  };
}

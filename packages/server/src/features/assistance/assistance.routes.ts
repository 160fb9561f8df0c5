import { type CentreInfo, centreInfo } from '@portail/contract/schemas/assistance';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from '../../config';

/**
 * GET /api/centre (issue 8; not in the specification, which has the centre's details in the web app's
 * code): the centre's identity from the configuration, open to anyone because the public assistance,
 * legal notice and accessibility pages show it.
 */
export function assistanceRoutes(deps: { config: Pick<Config, 'centre' | 'productName'> }) {
  const reply: CentreInfo = { ...deps.config.centre, produit: deps.config.productName };
  return async (instance: FastifyInstance) => {
    const app = instance.withTypeProvider<ZodTypeProvider>();
    app.get(
      '/api/centre',
      {
        config: { access: 'permit' },
        schema: {
          tags: ['assistance'],
          summary: "The centre's identity: name, address, position, departments' e-mails, legal notice",
          response: { 200: centreInfo },
        },
      },
      async () => reply,
    );
  };
}

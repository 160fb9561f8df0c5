import { documentsCiemReply } from '@portail/contract/schemas/legal';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client';
import { dataProtectionTree } from './legal.service';

/** Everyone signed in: 000 §2.2 shows the data-protection entry always, the administrators' menu included. */
const READERS = ['ROLE_ADMIN', 'ROLE_CORRESPONDANT', 'ROLE_PARTICIPANT'] as const;

/** The data-protection documents page (001 §2, §7 get-documents-ciem). */
export function legalRoutes(deps: { db: Db }) {
  return async (instance: FastifyInstance) => {
    const app = instance.withTypeProvider<ZodTypeProvider>();
    app.get(
      '/api/get-documents-ciem',
      {
        config: { access: READERS },
        schema: {
          tags: ['legal'],
          summary: 'The data-protection documents, as folders of PDFs (base64)',
          response: { 200: documentsCiemReply },
        },
      },
      async () => dataProtectionTree(deps.db),
    );
  };
}

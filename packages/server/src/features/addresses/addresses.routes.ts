import {
  mobileCheckParams,
  mobileCheckReply,
  postalCodeQuery,
  postalCodeReply,
} from '@portail/contract/schemas/addresses';
import { errorReply } from '@portail/contract/schemas/common';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { isValidMobile } from '../../lib/phone';
import { findLocalities } from './addresses.service';

const READERS = ['ROLE_ADMIN', 'ROLE_CORRESPONDANT', 'ROLE_PARTICIPANT'] as const;

/** What the address and contact forms check while the user types (000 §5, §7). */
export function addressRoutes() {
  return async (instance: FastifyInstance) => {
    const app = instance.withTypeProvider<ZodTypeProvider>();
    app.get(
      '/api/adresse/code-postal',
      {
        config: { access: READERS },
        schema: {
          tags: ['addresses'],
          querystring: postalCodeQuery,
          response: { 200: postalCodeReply, 400: errorReply },
        },
      },
      async (request) => findLocalities(request.query.codePostal),
    );
    app.get(
      '/api/user/verifIfPortableCorrecte/:portable',
      {
        config: { access: READERS, ids: { portable: 'value' } },
        schema: {
          tags: ['addresses'],
          summary: 'Whether the number is a valid mobile (national French forms, +33, 0033, international)',
          params: mobileCheckParams,
          response: { 200: mobileCheckReply, 400: errorReply },
        },
      },
      async (request) => isValidMobile(request.params.portable),
    );
  };
}

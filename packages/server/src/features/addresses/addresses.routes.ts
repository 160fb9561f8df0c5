import { addressApi } from '@portail/contract/api/addresses';
import type { FastifyInstance } from 'fastify';
import { isValidMobile } from '../../lib/phone';
import { serve } from '../../lib/serve';
import { findLocalities } from './addresses.service';

/** What the address and contact forms check while the user types (docs/interface-conventions.md#postal-code-lookup). */
export function addressRoutes() {
  return async (app: FastifyInstance) => {
    serve(app, addressApi.localities, async (request) => findLocalities(request.query.codePostal));
    serve(app, addressApi.mobileCheck, async (request) => isValidMobile(request.params.portable));
  };
}

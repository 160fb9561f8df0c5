import { secondFactorApi } from '@portail/contract/api/second-factors';
import type { FastifyInstance } from 'fastify';
import { requireCaller } from '../../auth/caller';
import { serve } from '../../lib/serve';
import { type AccountDeps, accountRequest } from '../account';
import { authenticatorAppRoutes } from './authenticator-app.routes';
import { accountFactors, secondStepMethods, switchSmsFactor } from './factors.service';
import { passkeyRoutes } from './passkeys.routes';

/** Second factors (issue 24, docs/second-factors.md): the second step's methods, the account's factors. */
export function secondFactorRoutes(deps: AccountDeps) {
  return async (app: FastifyInstance) => {
    serve(app, secondFactorApi.methods, async (request) => secondStepMethods(deps, requireCaller(request)));
    serve(app, secondFactorApi.factors, async (request) => accountFactors(deps, requireCaller(request)));
    serve(app, secondFactorApi.sms, async (request) =>
      switchSmsFactor(deps, accountRequest(request), request.body),
    );
    passkeyRoutes(app, deps);
    authenticatorAppRoutes(app, deps);
  };
}

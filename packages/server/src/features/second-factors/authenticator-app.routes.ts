import { authenticatorAppApi } from '@portail/contract/api/authenticator-app';
import type { FastifyInstance } from 'fastify';
import { serve } from '../../lib/serve';
import { type AccountDeps, accountRequest } from '../account';
import { appCodeStep, confirmAppEnrolment, removeApp, startAppEnrolment } from './authenticator-app.service';
import { recoveryCodeStep, renewRecoveryCodes } from './recovery-codes.service';

/** The authenticator app and its recovery codes (docs/second-factors.md#authenticator-app). */
export function authenticatorAppRoutes(app: FastifyInstance, deps: AccountDeps) {
  const api = authenticatorAppApi;
  serve(app, api.appOptions, async (request) =>
    startAppEnrolment(deps, accountRequest(request), request.body),
  );
  serve(app, api.appConfirm, async (request) =>
    confirmAppEnrolment(deps, accountRequest(request), request.body.code),
  );
  serve(app, api.appRemove, async (request) => removeApp(deps, accountRequest(request), request.body));
  serve(app, api.recoveryRenew, async (request) =>
    renewRecoveryCodes(deps, accountRequest(request), request.body),
  );
  serve(app, api.appStep, async (request) => {
    const outcome = await appCodeStep(deps, accountRequest(request), request.body.code);
    return { ok: outcome.ok, ciemException: { messages: outcome.messages } };
  });
  serve(app, api.recoveryStep, async (request) => {
    const outcome = await recoveryCodeStep(deps, accountRequest(request), request.body.code);
    return { ok: outcome.ok, ciemException: { messages: outcome.messages } };
  });
}

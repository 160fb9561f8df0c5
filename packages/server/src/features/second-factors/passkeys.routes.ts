import { passkeyApi } from '@portail/contract/api/passkeys';
import type { FastifyInstance } from 'fastify';
import { requireCaller } from '../../auth/caller';
import { browserSummary } from '../../lib/browser';
import { serve } from '../../lib/serve';
import { type AccountDeps, accountRequest } from '../account';
import {
  enrolPasskey,
  passkeyEnrolmentOptions,
  passkeySecondStep,
  passkeySignIn,
  removePasskey,
  renamePasskey,
  secondStepOptions,
  signInOptions,
} from './passkeys.service';

/** Passkeys (docs/second-factors.md#passkeys): enrolment, the second step, sign-in without a password. */
export function passkeyRoutes(app: FastifyInstance, deps: AccountDeps): void {
  serve(app, passkeyApi.enrolOptions, async (request) =>
    passkeyEnrolmentOptions(deps, accountRequest(request), request.body),
  );
  serve(app, passkeyApi.enrol, async (request) => enrolPasskey(deps, accountRequest(request), request.body));
  serve(app, passkeyApi.rename, async (request) =>
    renamePasskey(deps, accountRequest(request), request.params.id, request.body.nom),
  );
  serve(app, passkeyApi.remove, async (request) =>
    removePasskey(deps, accountRequest(request), request.params.id, request.body),
  );
  serve(app, passkeyApi.secondStepOptions, async (request) =>
    secondStepOptions(deps, requireCaller(request)),
  );
  serve(app, passkeyApi.secondStep, async (request) => {
    const outcome = await passkeySecondStep(deps, requireCaller(request), request.body, request.ip);
    return { ok: outcome.ok, ciemException: { messages: outcome.messages } };
  });
  serve(app, passkeyApi.signInOptions, async (request) => signInOptions(deps, request.ip));
  serve(app, passkeyApi.signIn, async (request, reply) => {
    const result = await passkeySignIn(
      deps,
      request.body,
      request.ip,
      browserSummary(request.headers['user-agent']),
    );
    if (!result.ok) {
      if (result.retryAfterS !== undefined)
        reply.header('retry-after', String(Math.max(1, Math.ceil(result.retryAfterS))));
      return reply.code(result.status ?? 400).send(result.error);
    }
    return result.reply;
  });
}

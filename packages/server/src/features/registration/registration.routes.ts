import { registrationApi } from '@portail/contract/api/registration';
import { REGISTRATION_PROOF_HEADER } from '@portail/contract/schemas/registration';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { activeQuestions } from '../../auth/secret-questions';
import { serve } from '../../lib/serve';
import { checkRegistrationCode, sendRegistrationCode } from './registration-code.service';
import { checkConnectionData, confirmRegistration } from './registration-confirm.service';
import { type RegistrationDeps, registrationRequest } from './registration-deps';
import { checkIdentity } from './registration-identity.service';
import { registrationState, resendLink } from './registration-state.service';

/**
 * The proof of identity the call carries (`x-registration-proof`): the secret registration/identite
 * gave the participant's browser. Absent or malformed, the call proves nothing.
 */
function proofOf(request: FastifyRequest): string | undefined {
  const value = request.headers[REGISTRATION_PROOF_HEADER];
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/**
 * Registration by link (docs/activation.md#participant-steps, docs/activation.md#code-by-text): open calls, each naming its link by `?token=`; a participant's
 * calls after the identity check also carry the proof it gave their browser (`x-registration-proof`).
 */
export function registrationRoutes(deps: RegistrationDeps) {
  return async (app: FastifyInstance) => {
    const { db } = deps;

    serve(app, registrationApi.state, async (request) =>
      registrationState(db, request.query.token, proofOf(request)),
    );

    serve(app, registrationApi.identity, async (request) =>
      checkIdentity(deps, registrationRequest(request), request.query.token, request.body),
    );

    serve(app, registrationApi.sendCode, async (request) =>
      sendRegistrationCode(deps, registrationRequest(request), request.query.token, proofOf(request)),
    );

    serve(app, registrationApi.checkCode, async (request) =>
      checkRegistrationCode(
        deps,
        registrationRequest(request),
        request.query.token,
        proofOf(request),
        request.body.code,
      ),
    );

    serve(app, registrationApi.secretQuestions, async () => activeQuestions(db));

    serve(app, registrationApi.checkConnectionData, async (request) =>
      checkConnectionData(deps, request.query.token, proofOf(request), request.body),
    );

    serve(app, registrationApi.confirm, async (request) =>
      confirmRegistration(
        deps,
        registrationRequest(request),
        request.query.token,
        proofOf(request),
        request.body,
      ),
    );

    serve(app, registrationApi.resendLink, async (request) =>
      resendLink(deps, registrationRequest(request), request.query.token),
    );
  };
}

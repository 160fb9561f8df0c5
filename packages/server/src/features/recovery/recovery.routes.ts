import { recoveryApi } from '@portail/contract/api/recovery';
import type { FastifyInstance } from 'fastify';
import { serve } from '../../lib/serve';
import { answerByMail, answerByPhone } from './answer.service';
import { type NewPasswordDeps, passwordLinkIsValid, saveNewPassword } from './new-password.service';
import { questionByMail, questionByPhone } from './question.service';

/**
 * A body that is not JSON is invalid input like any other: it reaches the schema as text and gets 400
 * with fieldErrors, where Fastify would answer a bare 400 or 415.
 */
function acceptAnyBody(app: FastifyInstance): void {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser(['application/json', '*'], { parseAs: 'string' }, (_request, text, done) => {
    const raw = String(text);
    if (raw.trim() === '') return done(null, undefined);
    try {
      done(null, JSON.parse(raw));
    } catch {
      done(null, raw);
    }
  });
}

/**
 * Account recovery (docs/recovery.md#forgot-password Forgot password, Forgot identifier, Reset-password link screen; docs/recovery.md#reset-link). Every
 * route is open and none tells whether an account exists.
 */
export function recoveryRoutes(deps: NewPasswordDeps) {
  return async (app: FastifyInstance) => {
    acceptAnyBody(app);

    serve(app, recoveryApi.questionByMail, async (request) =>
      questionByMail(deps, request.query, request.ip),
    );

    serve(app, recoveryApi.answerByMail, async (request) => ({
      ciemException: { messages: await answerByMail(deps, request.body, request.ip) },
    }));

    serve(app, recoveryApi.questionByPhone, async (request) =>
      questionByPhone(deps, request.body, request.ip),
    );

    serve(app, recoveryApi.answerByPhone, async (request) => ({
      ciemException: { messages: await answerByPhone(deps, request.body, request.ip) },
    }));

    serve(app, recoveryApi.passwordLinkValid, async (request) =>
      passwordLinkIsValid(deps.db, request.query.token, request.ip),
    );

    for (const [declaration, mode] of [
      [recoveryApi.savePassword, 'change'],
      [recoveryApi.reinitPassword, 'reinit'],
    ] as const) {
      serve(app, declaration, async (request) => ({
        ciemException: {
          messages: await saveNewPassword(deps, mode, request.body, { ip: request.ip, log: request.log }),
        },
      }));
    }
  };
}

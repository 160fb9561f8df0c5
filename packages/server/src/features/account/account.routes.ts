import { accountApi } from '@portail/contract/api/account';
import { sessionApi } from '@portail/contract/api/sessions';
import type { FastifyInstance } from 'fastify';
import { requireCaller } from '../../auth/caller';
import { activeQuestions } from '../../auth/secret-questions';
import { serve } from '../../lib/serve';
import { type AccountDeps, accountRequest } from './account-deps';
import { addressFor, saveAddress } from './address.service';
import { accountFor, saveContact } from './contact.service';
import { cancelContactChange, confirmContactChange, resendContactCode } from './contact-confirmation.service';
import { saveSecretQuestion } from './secret-question.service';
import { endOtherSessions, endOwnSession, ownSessions } from './sessions.service';

/** The personal details page (docs/personal-details.md#tabs, docs/personal-details.md#address): account and contact, establishment address, secret question. */
export function accountRoutes(deps: AccountDeps) {
  return async (app: FastifyInstance) => {
    const { db } = deps;

    serve(app, accountApi.user, async (request) => accountFor(db, requireCaller(request)));

    serve(app, accountApi.saveContact, async (request) =>
      saveContact(deps, accountRequest(request), request.body),
    );
    serve(app, accountApi.confirmContact, async (request) =>
      confirmContactChange(deps, accountRequest(request), request.body),
    );
    serve(app, accountApi.resendContactCode, async (request) =>
      resendContactCode(deps, accountRequest(request), request.body.canal),
    );
    serve(app, accountApi.cancelContactChange, async (request) => {
      const { canal } = request.body;
      return cancelContactChange(deps, accountRequest(request), canal === 'TOUS' ? null : canal);
    });

    serve(app, accountApi.address, async (request) =>
      addressFor(db, requireCaller(request), request.query.idEtablissement),
    );

    serve(app, accountApi.saveAddress, async (request) => ({
      ciemException: { messages: await saveAddress(deps, accountRequest(request), request.body) },
    }));

    serve(app, accountApi.secretQuestions, async () => activeQuestions(db));

    serve(app, sessionApi.list, async (request) => ownSessions(deps, accountRequest(request)));
    serve(app, sessionApi.end, async (request) =>
      endOwnSession(deps, accountRequest(request), request.params.id),
    );
    serve(app, sessionApi.endOthers, async (request) => endOtherSessions(deps, accountRequest(request)));

    serve(app, accountApi.saveSecretQuestion, async (request) => ({
      ciemException: { messages: await saveSecretQuestion(deps, accountRequest(request), request.body) },
    }));
  };
}

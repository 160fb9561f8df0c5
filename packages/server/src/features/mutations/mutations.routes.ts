import { mutationApi } from '@portail/contract/api/mutations';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { requireCaller } from '../../auth/caller';
import type { Db } from '../../db/client';
import { serve } from '../../lib/serve';
import { participantPageCache } from '../participants';
import { acceptMutation, cancelMutation, type MutationRequest } from './mutation-actions.service';
import { mutationPageCache } from './mutation-page-cache';
import { listMutations, mutationForCaller } from './mutations.service';

const context = (request: FastifyRequest): MutationRequest => ({
  caller: requireCaller(request),
  ip: request.ip,
});

/** Transfers between establishments (001 §2, §4, §7): correspondants only, each end sees its own. */
export function mutationRoutes(deps: { db: Db }) {
  return async (app: FastifyInstance) => {
    const { db } = deps;
    // An accept moves a participant and a cancel clears their pending-transfer mark: this instance's
    // cached participant and transfer pages are dropped before the reply, so the next list is already right (other
    // instances hear the participants triggers).
    app.addHook('onSend', async (request, _reply, payload) => {
      if (request.method !== 'GET') {
        participantPageCache.clear();
        mutationPageCache.clear();
      }
      return payload;
    });

    serve(app, mutationApi.list, async (request) => listMutations(db, requireCaller(request), request.query));
    serve(app, mutationApi.detail, async (request) =>
      mutationForCaller(db, requireCaller(request), request.params.id),
    );
    serve(app, mutationApi.accept, async (request) => ({
      ciemException: { messages: await acceptMutation(db, context(request), request.params.id) },
    }));
    serve(app, mutationApi.cancel, async (request) => ({
      ciemException: { messages: await cancelMutation(db, context(request), request.params.id) },
    }));
  };
}

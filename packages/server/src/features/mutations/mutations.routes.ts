import { errorReply, idParam, messagesReply } from '@portail/contract/schemas/common';
import { mutationListQuery, mutationListReply, mutationRow } from '@portail/contract/schemas/mutations';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireCaller } from '../../auth/caller';
import type { Db } from '../../db/client';
import { participantPageCache } from '../participants/participant-page-cache';
import { acceptMutation, cancelMutation, type MutationRequest } from './mutation-actions.service';
import { mutationPageCache } from './mutation-page-cache';
import { listMutations, mutationForCaller } from './mutations.service';

const CORRESPONDANTS = ['ROLE_CORRESPONDANT'] as const;
const mutationId = { id: 'mutation' } as const;
const refusals = { 400: errorReply, 404: errorReply, 409: errorReply };

const context = (request: FastifyRequest): MutationRequest => ({
  caller: requireCaller(request),
  ip: request.ip,
});

/** Transfers between establishments (001 §2, §4, §7): correspondants only, each end sees its own. */
export function mutationRoutes(deps: { db: Db }) {
  return async (instance: FastifyInstance) => {
    const app = instance.withTypeProvider<ZodTypeProvider>();
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

    app.get(
      '/api/mutation',
      {
        config: { access: CORRESPONDANTS },
        schema: {
          tags: ['mutations'],
          querystring: mutationListQuery,
          response: { 200: mutationListReply, 400: errorReply },
        },
      },
      async (request) => listMutations(db, requireCaller(request), request.query),
    );

    app.get(
      '/api/mutation/:id',
      {
        config: { access: CORRESPONDANTS, ids: mutationId },
        schema: { tags: ['mutations'], params: idParam, response: { 200: mutationRow, 404: errorReply } },
      },
      async (request) => mutationForCaller(db, requireCaller(request), request.params.id),
    );

    app.post(
      '/api/mutation/:id/accepter',
      {
        config: { access: CORRESPONDANTS, ids: mutationId },
        schema: {
          tags: ['mutations'],
          summary:
            'The destination accepts: the participant moves there (and the check-up in progress, when its takeover was asked)',
          params: idParam,
          response: { 200: messagesReply, ...refusals },
        },
      },
      async (request) => ({
        ciemException: { messages: await acceptMutation(db, context(request), request.params.id) },
      }),
    );

    app.post(
      '/api/mutation/:id/annuler',
      {
        config: { access: CORRESPONDANTS, ids: mutationId },
        schema: {
          tags: ['mutations'],
          summary: 'Either end cancels a transfer in progress; the participant stays where they are',
          params: idParam,
          response: { 200: messagesReply, ...refusals },
        },
      },
      async (request) => ({
        ciemException: { messages: await cancelMutation(db, context(request), request.params.id) },
      }),
    );
  };
}

import { errorReply, idParam, messagesReply } from '@portail/contract/schemas/common';
import {
  correspondantEstablishmentsReply,
  destinationQuery,
  destinationsReply,
  participant,
  participantCreate,
  participantCreatedReply,
  participantEstablishment,
  participantListQuery,
  participantListReply,
  participantUpdate,
  terminateBody,
  transferBody,
} from '@portail/contract/schemas/participants';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireCaller } from '../../auth/caller';
import { listScopeEstablishments, searchDestinations } from './establishment.queries';
import { readmitParticipant, terminateParticipant, transferParticipant } from './participant-actions.service';
import { participantPageCache } from './participant-page-cache';
import {
  createParticipant,
  type ParticipantDeps,
  type RequestContext,
  updateParticipant,
} from './participant-write.service';
import {
  listForCaller,
  participantEstablishmentForCaller,
  participantForCaller,
} from './participants.service';

const READERS = ['ROLE_PARTICIPANT', 'ROLE_CORRESPONDANT'] as const;
const CORRESPONDANTS = ['ROLE_CORRESPONDANT'] as const;
const participantId = { id: 'participant' } as const;
const refusals = { 400: errorReply, 404: errorReply, 409: errorReply };

const context = (request: FastifyRequest): RequestContext => ({
  caller: requireCaller(request),
  ip: request.ip,
  log: request.log,
});

/** The participants of a correspondant (000 §2.6, §2.7, §7) and the establishments their forms offer. */
export function participantRoutes(deps: ParticipantDeps) {
  return async (instance: FastifyInstance) => {
    const app = instance.withTypeProvider<ZodTypeProvider>();
    const { db } = deps;
    // A write of this instance has committed when its reply leaves: the pages it may have changed are
    // dropped before the caller can ask for the list again (other instances hear the triggers).
    app.addHook('onSend', async (request, _reply, payload) => {
      if (request.method !== 'GET') participantPageCache.clear();
      return payload;
    });

    app.get(
      '/api/adherentsCorrespondant',
      {
        config: { access: READERS },
        schema: {
          tags: ['participants'],
          querystring: participantListQuery,
          response: { 200: participantListReply, 400: errorReply },
        },
      },
      async (request) => listForCaller(db, requireCaller(request), request.query),
    );

    for (const url of ['/api/adherentsCorrespondant/detail/:id', '/api/adherents/:id']) {
      app.get(
        url,
        {
          config: { access: READERS, ids: participantId },
          schema: {
            tags: ['participants'],
            params: idParam,
            response: { 200: participant, 404: errorReply },
          },
        },
        async (request) => participantForCaller(db, requireCaller(request), request.params.id),
      );
    }

    app.put(
      '/api/adherentsCorrespondant/detail',
      {
        config: { access: CORRESPONDANTS },
        schema: {
          tags: ['participants'],
          summary: 'Creates a participant and mails them an account activation link',
          body: participantCreate,
          response: { 200: participantCreatedReply, ...refusals },
        },
      },
      async (request) => createParticipant(deps, context(request), request.body),
    );

    app.post(
      '/api/adherentsCorrespondant/detail',
      {
        config: { access: CORRESPONDANTS },
        schema: {
          tags: ['participants'],
          body: participantUpdate,
          response: { 200: messagesReply, ...refusals },
        },
      },
      async (request) => ({
        ciemException: { messages: await updateParticipant(deps, context(request), request.body) },
      }),
    );

    app.post(
      '/api/adherents/:id/resilier',
      {
        config: { access: CORRESPONDANTS, ids: participantId },
        schema: {
          tags: ['participants'],
          params: idParam,
          body: terminateBody,
          response: { 200: messagesReply, ...refusals },
        },
      },
      async (request) => ({
        ciemException: {
          messages: await terminateParticipant(
            deps,
            context(request),
            request.params.id,
            request.body.motifMouvement,
          ),
        },
      }),
    );

    app.post(
      '/api/adherents/:id/adherer',
      {
        config: { access: CORRESPONDANTS, ids: participantId },
        schema: { tags: ['participants'], params: idParam, response: { 200: messagesReply, ...refusals } },
      },
      async (request) => ({
        ciemException: { messages: await readmitParticipant(deps, context(request), request.params.id) },
      }),
    );

    app.post(
      '/api/adherents/:id/muter',
      {
        config: { access: CORRESPONDANTS, ids: participantId },
        schema: {
          tags: ['participants'],
          params: idParam,
          body: transferBody,
          response: { 200: messagesReply, ...refusals },
        },
      },
      async (request) => ({
        ciemException: {
          messages: await transferParticipant(deps, context(request), request.params.id, request.body),
        },
      }),
    );

    app.get(
      '/api/etablissement-participant/:id',
      {
        config: { access: READERS, ids: participantId },
        schema: {
          tags: ['participants'],
          params: idParam,
          response: { 200: participantEstablishment, 404: errorReply },
        },
      },
      async (request) => participantEstablishmentForCaller(db, requireCaller(request), request.params.id),
    );

    app.get(
      '/api/etablissements-correspondant',
      {
        config: { access: CORRESPONDANTS },
        schema: { tags: ['participants'], response: { 200: correspondantEstablishmentsReply } },
      },
      async (request) => listScopeEstablishments(db, requireCaller(request)),
    );

    app.get(
      '/api/etablissements-mutation',
      {
        config: { access: CORRESPONDANTS },
        schema: {
          tags: ['participants'],
          summary:
            'Transfer destinations: open establishments of the centre, by company or establishment name',
          querystring: destinationQuery,
          response: { 200: destinationsReply, 400: errorReply },
        },
      },
      async (request) => searchDestinations(db, request.query.recherche),
    );
  };
}

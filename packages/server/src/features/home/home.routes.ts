import { errorReply, type Message, messagesReply } from '@portail/contract/schemas/common';
import {
  homeDetail,
  homeDetailQuery,
  mammogramBody,
  mammogramReply,
  withdrawalConsentBody,
} from '@portail/contract/schemas/home';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireCaller } from '../../auth/caller';
import type { Db } from '../../db/client';
import { correspondantHomeFor } from './home.service';
import {
  type HomeRequest,
  mammogramDateFor,
  participantHomeFor,
  reactivateMedicalRecord,
  recordMammogramDate,
  recordWithdrawalConsent,
  withdrawMedicalRecord,
} from './participant-home.service';

const PARTICIPANTS = ['ROLE_PARTICIPANT'] as const;
const refusals = { 400: errorReply, 403: errorReply, 409: errorReply };

const context = (request: FastifyRequest): HomeRequest => ({
  caller: requireCaller(request),
  ip: request.ip,
});
const replyWith = async (messages: Promise<Message[]>) => ({
  ciemException: { messages: await messages },
});

/** The home screen's data (000 §2.5) and the participant's answers from its cards. */
export function homeRoutes(deps: { db: Db }) {
  return async (instance: FastifyInstance) => {
    const app = instance.withTypeProvider<ZodTypeProvider>();
    const { db } = deps;
    app.get(
      '/api/get-detail-accueil',
      {
        config: { access: ['ROLE_CORRESPONDANT', 'ROLE_PARTICIPANT'] },
        schema: {
          tags: ['home'],
          querystring: homeDetailQuery,
          response: { 200: homeDetail, 400: errorReply, 403: errorReply },
        },
      },
      async (request) => {
        const caller = requireCaller(request);
        return caller.kind === 'PARTICIPANT'
          ? participantHomeFor(db, caller, request.query.langue)
          : correspondantHomeFor(db, caller);
      },
    );

    app.get(
      '/api/adherents/dateMammo',
      {
        config: { access: PARTICIPANTS },
        schema: { tags: ['home'], response: { 200: mammogramReply, 403: errorReply } },
      },
      async (request) => mammogramDateFor(db, requireCaller(request)),
    );

    app.post(
      '/api/adherents/dateMammo',
      {
        config: { access: PARTICIPANTS },
        schema: {
          tags: ['home'],
          summary: 'Records the date of the last mammogram (not later than today at the centre)',
          body: mammogramBody,
          response: { 200: messagesReply, ...refusals },
        },
      },
      async (request) => replyWith(recordMammogramDate(db, context(request), request.body.date)),
    );

    app.post(
      '/api/adherents/accordDesistement',
      {
        config: { access: PARTICIPANTS },
        schema: {
          tags: ['home'],
          summary:
            'Consent to be offered a slot freed by a withdrawal; only while a visit of the check-up in progress is ahead',
          body: withdrawalConsentBody,
          response: { 200: messagesReply, ...refusals },
        },
      },
      async (request) => replyWith(recordWithdrawalConsent(db, context(request), request.body)),
    );

    app.post(
      '/api/re-activate-dmc',
      {
        config: { access: PARTICIPANTS },
        schema: {
          tags: ['home'],
          summary: 'Accepts the online medical record again; every session reloads its principal',
          response: { 200: messagesReply, ...refusals },
        },
      },
      async (request) => replyWith(reactivateMedicalRecord(db, context(request))),
    );

    app.post(
      '/api/withdraw-dmc',
      {
        config: { access: PARTICIPANTS },
        schema: {
          tags: ['home'],
          summary:
            'Withdraws the acceptance of the online medical record (it becomes refused); every session reloads its principal',
          response: { 200: messagesReply, ...refusals },
        },
      },
      async (request) => replyWith(withdrawMedicalRecord(db, context(request))),
    );
  };
}

import { homeApi } from '@portail/contract/api/home';
import type { Message } from '@portail/contract/schemas/common';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { requireCaller } from '../../auth/caller';
import type { SessionEvents } from '../../auth/session-events';
import type { Db } from '../../db/client';
import { serve } from '../../lib/serve';
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

const context = (request: FastifyRequest): HomeRequest => ({
  caller: requireCaller(request),
  ip: request.ip,
});
const replyWith = async (messages: Promise<Message[]>) => ({
  ciemException: { messages: await messages },
});

/** The home screen's data and the participant's answers from its cards (docs/home.md). */
export function homeRoutes(deps: { db: Db; sessions: SessionEvents }) {
  return async (app: FastifyInstance) => {
    const { db } = deps;
    serve(app, homeApi.detail, async (request) => {
      const caller = requireCaller(request);
      return caller.kind === 'PARTICIPANT'
        ? participantHomeFor(db, caller, request.query.langue)
        : correspondantHomeFor(db, caller);
    });
    serve(app, homeApi.mammogram, async (request) => mammogramDateFor(db, requireCaller(request)));
    serve(app, homeApi.recordMammogram, async (request) =>
      replyWith(recordMammogramDate(db, context(request), request.body.date)),
    );
    serve(app, homeApi.withdrawalConsent, async (request) =>
      replyWith(recordWithdrawalConsent(db, context(request), request.body)),
    );
    serve(app, homeApi.reactivateRecord, async (request) =>
      replyWith(reactivateMedicalRecord(db, deps.sessions, context(request))),
    );
    serve(app, homeApi.withdrawRecord, async (request) =>
      replyWith(withdrawMedicalRecord(db, deps.sessions, context(request))),
    );
  };
}

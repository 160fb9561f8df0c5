import { participantApi } from '@portail/contract/api/participants';
import type { FastifyInstance } from 'fastify';
import { requireCaller } from '../../auth/caller';
import type { Db } from '../../db/client';
import { HttpError } from '../../lib/errors';
import { serve } from '../../lib/serve';
import { participantForCaller } from './participants.service';

/** What an account without a participant record (an admin) is told: there is nothing to show. */
export const NO_OWN_RECORD = 'coordonnees.error.aucunDossier';

/** GET participant/mescoordonnees (docs/personal-details.md#administrators, docs/participants.md#api): the caller's own participant record, read-only. */
export function ownDetailsRoutes(deps: { db: Db }) {
  return async (app: FastifyInstance) => {
    serve(app, participantApi.ownDetails, async (request) => {
      const caller = requireCaller(request);
      if (caller.participantId === null) throw new HttpError(404, NO_OWN_RECORD);
      return participantForCaller(deps.db, caller, caller.participantId);
    });
  };
}

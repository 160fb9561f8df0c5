import { errorReply } from '@portail/contract/schemas/common';
import { participant } from '@portail/contract/schemas/participants';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireCaller } from '../../auth/caller';
import type { Db } from '../../db/client';
import { HttpError } from '../../lib/errors';
import { participantForCaller } from './participants.service';

/** What an account without a participant record (an admin) is told: there is nothing to show. */
export const NO_OWN_RECORD = 'coordonnees.error.aucunDossier';

/** GET participant/mescoordonnees (000 §2.2, §7): the caller's own participant record, read-only. */
export function ownDetailsRoutes(deps: { db: Db }) {
  return async (instance: FastifyInstance) => {
    const app = instance.withTypeProvider<ZodTypeProvider>();
    app.get(
      '/api/participant/mescoordonnees',
      {
        config: { access: ['ROLE_ADMIN', 'ROLE_PARTICIPANT'] },
        schema: { tags: ['participants'], response: { 200: participant, 404: errorReply } },
      },
      async (request) => {
        const caller = requireCaller(request);
        if (caller.participantId === null) throw new HttpError(404, NO_OWN_RECORD);
        return participantForCaller(deps.db, caller, caller.participantId);
      },
    );
  };
}

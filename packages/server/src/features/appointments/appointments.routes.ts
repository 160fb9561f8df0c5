import {
  appointmentIcsQuery,
  appointmentListQuery,
  appointmentListReply,
  ICS_MIME,
} from '@portail/contract/schemas/appointments';
import { errorReply, idParam } from '@portail/contract/schemas/common';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireCaller } from '../../auth/caller';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { attachmentDisposition } from '../../lib/content-disposition';
import { appointmentCalendarFile, listAppointments } from './appointments.service';

const PARTICIPANTS = ['ROLE_PARTICIPANT'] as const;

/** My appointments (000 §2.11, §7) and each one as a calendar file. */
export function appointmentRoutes(deps: { db: Db; config: Pick<Config, 'centre'> }) {
  return async (instance: FastifyInstance) => {
    const app = instance.withTypeProvider<ZodTypeProvider>();
    const { db } = deps;

    app.get(
      '/api/participant/rdvs-participant',
      {
        config: { access: PARTICIPANTS },
        schema: {
          tags: ['appointments'],
          querystring: appointmentListQuery,
          response: { 200: appointmentListReply, 400: errorReply, 403: errorReply },
        },
      },
      async (request) => listAppointments(db, requireCaller(request), request.query),
    );

    app.get(
      '/api/participant/rdvs-participant/:id/ics',
      {
        config: { access: PARTICIPANTS, ids: { id: 'appointment' } },
        schema: {
          tags: ['appointments'],
          summary: 'The appointment as an iCalendar (.ics) file',
          params: idParam,
          querystring: appointmentIcsQuery,
        },
      },
      async (request, reply) => {
        const file = await appointmentCalendarFile(
          db,
          deps.config.centre,
          requireCaller(request),
          request.params.id,
          request.query.langue,
        );
        return reply
          .type(`${ICS_MIME}; charset=utf-8`)
          .header('content-disposition', attachmentDisposition(file.fileName))
          .send(file.content);
      },
    );
  };
}

import { appointmentApi } from '@portail/contract/api/appointments';
import { ICS_MIME } from '@portail/contract/schemas/appointments';
import type { FastifyInstance } from 'fastify';
import { requireCaller } from '../../auth/caller';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { attachmentDisposition } from '../../lib/content-disposition';
import { serve } from '../../lib/serve';
import { appointmentCalendarFile, listAppointments } from './appointments.service';

/** My appointments, and each one as a calendar file (docs/appointments.md). */
export function appointmentRoutes(deps: { db: Db; config: Pick<Config, 'centre'> }) {
  return async (app: FastifyInstance) => {
    const { db } = deps;
    serve(app, appointmentApi.list, async (request) =>
      listAppointments(db, requireCaller(request), request.query),
    );
    serve(app, appointmentApi.calendarFile, async (request, reply) => {
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
    });
  };
}

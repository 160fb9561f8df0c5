import { myDataApi } from '@portail/contract/api/my-data';
import { ZIP_MIME } from '@portail/contract/schemas/my-data';
import type { FastifyInstance } from 'fastify';
import { requireCaller } from '../../auth/caller';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { attachmentDisposition } from '../../lib/content-disposition';
import { serve } from '../../lib/serve';
import { startArchive } from './my-data.service';

/** "My data" (docs/personal-details.md#my-data): the participant's archive, streamed. */
export function myDataRoutes(deps: { db: Db; config: Config }) {
  return async (app: FastifyInstance) => {
    // The accounts whose archive this instance is writing: the app's, dropped with it.
    const building = new Set<number>();
    serve(app, myDataApi.archive, async (request, reply) => {
      const archive = await startArchive(
        { db: deps.db, config: deps.config, building },
        { caller: requireCaller(request), ip: request.ip, log: request.log },
        request.body,
      );
      return reply
        .type(ZIP_MIME)
        .header('content-disposition', attachmentDisposition(archive.fileName))
        .header('cache-control', 'no-store')
        .send(archive.stream);
    });
  };
}

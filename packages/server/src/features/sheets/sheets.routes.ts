import { sheetApi } from '@portail/contract/api/sheets';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { serve } from '../../lib/serve';
import { readContext, uncached } from '../documents';
import { listSheets, readSheet } from './sheets.service';

/** The advice sheets (docs/documents-and-sheets.md#sheets): the centre's, the same for every caller the routes admit. */
export function sheetRoutes(deps: { db: Db }) {
  return async (app: FastifyInstance) => {
    serve(app, sheetApi.list, async (request) => listSheets(deps.db, request.query));
    serve(app, sheetApi.content, async (request, reply) => {
      const content = await readSheet(
        readContext(deps, request, request.query.langue),
        request.params.id,
        request.query.usage,
      );
      return uncached(reply).send(content);
    });
  };
}

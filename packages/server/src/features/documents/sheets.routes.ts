import { errorReply, idParam } from '@portail/contract/schemas/common';
import {
  documentContent,
  documentContentQuery,
  sheetListQuery,
  sheetListReply,
} from '@portail/contract/schemas/documents';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client';
import { readContext, recordAccess, uncached } from './documents.routes';
import { listSheets, readSheet } from './sheets.service';

/** The advice sheets (000 §2.14): the centre's, the same for every caller the routes admit. */
export function sheetRoutes(deps: { db: Db }) {
  return async (instance: FastifyInstance) => {
    const app = instance.withTypeProvider<ZodTypeProvider>();

    app.get(
      '/api/fiche/list',
      {
        config: recordAccess,
        schema: {
          tags: ['sheets'],
          querystring: sheetListQuery,
          response: { 200: sheetListReply, 400: errorReply, 403: errorReply },
        },
      },
      async (request) => listSheets(deps.db, request.query),
    );

    app.get(
      '/api/fiche/:id/',
      {
        config: { ...recordAccess, ids: { id: 'sheet' } },
        schema: {
          tags: ['sheets'],
          params: idParam,
          querystring: documentContentQuery,
          response: { 200: documentContent, 403: errorReply, 404: errorReply },
        },
      },
      async (request, reply) => {
        const content = await readSheet(
          readContext(deps, request, request.query.langue),
          request.params.id,
          request.query.usage,
        );
        return uncached(reply).send(content);
      },
    );
  };
}

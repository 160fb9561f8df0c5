import type { Language } from '@portail/contract/constants';
import {
  checkupExportBody,
  checkupListQuery,
  checkupListReply,
  historyListQuery,
  historyListReply,
  XLSX_MIME,
} from '@portail/contract/schemas/checkups';
import { errorReply } from '@portail/contract/schemas/common';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireCaller } from '../../auth/caller';
import type { Db } from '../../db/client';
import { attachmentDisposition } from '../../lib/content-disposition';
import { centreToday } from '../../lib/dates';
import { exportCheckups, exportHistory } from './checkup-export';
import { checkupSort, historySort, listCheckups, listHistory } from './checkups.service';

const CORRESPONDANTS = ['ROLE_CORRESPONDANT'] as const;

/** The workbooks are named as the screens they export, in the language of their headers (issue 18). */
const WORKBOOK_NAMES = {
  checkups: { fr_FR: 'Bilans', en_EN: 'Check-ups' },
  history: { fr_FR: 'Historique des bilans', en_EN: 'Check-up history' },
} as const;

const attachment = (list: keyof typeof WORKBOOK_NAMES, language: Language) =>
  attachmentDisposition(`${WORKBOOK_NAMES[list][language]} ${centreToday()}.xlsx`);

/** The correspondant's check-ups and their history (000 §2.8, §2.9, §7), on screen and as workbooks. */
export function checkupRoutes(deps: { db: Db }) {
  return async (instance: FastifyInstance) => {
    const app = instance.withTypeProvider<ZodTypeProvider>();
    const { db } = deps;

    app.get(
      '/api/bilansCorrespondant',
      {
        config: { access: CORRESPONDANTS },
        schema: {
          tags: ['checkups'],
          querystring: checkupListQuery,
          response: { 200: checkupListReply, 400: errorReply },
        },
      },
      async (request) => listCheckups(db, requireCaller(request), request.query),
    );

    app.get(
      '/api/historiqueBilansCorrespondant',
      {
        config: { access: CORRESPONDANTS },
        schema: {
          tags: ['checkups'],
          querystring: historyListQuery,
          response: { 200: historyListReply, 400: errorReply },
        },
      },
      async (request) => listHistory(db, requireCaller(request), request.query),
    );

    app.post(
      '/api/excel-participant-bilan',
      {
        config: { access: CORRESPONDANTS },
        schema: {
          tags: ['checkups'],
          summary: 'The check-up list of the filter as an .xlsx workbook (all pages, in the list order)',
          body: checkupExportBody,
        },
      },
      async (request, reply) => {
        const { sort, langue, ...filters } = request.body;
        // The sort is checked before anything is sent: an invalid one answers 400, not a file.
        const stream = await exportCheckups(
          { db, caller: requireCaller(request), filters, language: langue, log: request.log },
          checkupSort(sort),
        );
        return reply
          .type(XLSX_MIME)
          .header('content-disposition', attachment('checkups', langue))
          .send(stream);
      },
    );

    app.post(
      '/api/excel-participant-historique-bilan',
      {
        config: { access: CORRESPONDANTS },
        schema: {
          tags: ['checkups'],
          summary: 'The check-up history of the filter as an .xlsx workbook (all pages, in the list order)',
          body: checkupExportBody,
        },
      },
      async (request, reply) => {
        const { sort, langue, ...filters } = request.body;
        const stream = await exportHistory(
          { db, caller: requireCaller(request), filters, language: langue, log: request.log },
          historySort(sort),
        );
        return reply
          .type(XLSX_MIME)
          .header('content-disposition', attachment('history', langue))
          .send(stream);
      },
    );
  };
}

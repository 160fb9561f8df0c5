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
import { centreToday } from '../../lib/dates';
import { exportCheckups, exportHistory } from './checkup-export';
import { checkupSort, historySort, listCheckups, listHistory } from './checkups.service';

const CORRESPONDANTS = ['ROLE_CORRESPONDANT'] as const;

/**
 * The file's name in the workbook's language (the body's `langue`, the user's interface language):
 * `bilans-2026-11-24.xlsx` / `checkups-2026-11-24.xlsx`.
 */
const FILE_NAMES = {
  checkups: { fr_FR: 'bilans', en_EN: 'checkups' },
  history: { fr_FR: 'historique-bilans', en_EN: 'checkup-history' },
} satisfies Record<string, Record<Language, string>>;

const attachment = (name: keyof typeof FILE_NAMES, language: Language) =>
  `attachment; filename="${FILE_NAMES[name][language]}-${centreToday()}.xlsx"`;

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

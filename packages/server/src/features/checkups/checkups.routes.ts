import { checkupApi } from '@portail/contract/api/checkups';
import type { Language } from '@portail/contract/constants';
import { type CheckupFilters, XLSX_MIME } from '@portail/contract/schemas/checkups';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { requireCaller } from '../../auth/caller';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { attachmentDisposition } from '../../lib/content-disposition';
import { centreToday } from '../../lib/dates';
import { type CacheSources, keepFresh } from '../../lib/page-cache';
import { serve } from '../../lib/serve';
import type { WorkbookWriters } from '../../lib/workbook/workbook-writers';
import { PARTICIPANTS_CHANNEL } from '../participants';
import { type CheckupExportRequest, exportCheckups, exportHistory } from './checkup-export';
import { CHECKUPS_CHANNEL, CheckupPageCache, HistoryPageCache } from './checkup-page-cache';
import { checkupSort, historySort, listCheckups, listHistory } from './checkups.service';

/** The workbooks are named as the screens they export, in the language of their headers (issue 18). */
const WORKBOOK_NAMES = {
  checkups: { fr_FR: 'Bilans', en_EN: 'Check-ups' },
  history: { fr_FR: 'Historique des bilans', en_EN: 'Check-up history' },
} as const;

const attachment = (list: keyof typeof WORKBOOK_NAMES, language: Language) =>
  attachmentDisposition(`${WORKBOOK_NAMES[list][language]} ${centreToday()}.xlsx`);

/** The correspondant's check-ups and their history (docs/checkups.md#list, docs/checkups.md#history, docs/checkups.md#excel-export), on screen and as workbooks. */
export function checkupRoutes(
  deps: { db: Db; config: Pick<Config, 'listCacheTtlMs'>; workbooks: WorkbookWriters } & CacheSources,
) {
  return async (app: FastifyInstance) => {
    const { db } = deps;
    // The list's and the history's pages (checkup-page-cache.ts): the check-ups' triggers name the
    // scopes a write touched; a participants write, here or in another instance, drops every page.
    const follow = {
      channels: [
        { name: CHECKUPS_CHANNEL, evict: 'scopes' },
        { name: PARTICIPANTS_CHANNEL, evict: 'all' },
      ],
      changes: ['participants', 'checkups'],
    } as const;
    const checkupPages = new CheckupPageCache(deps.config.listCacheTtlMs);
    const historyPages = new HistoryPageCache(deps.config.listCacheTtlMs);
    keepFresh(app, 'checkups', checkupPages, deps, follow);
    keepFresh(app, 'checkupHistory', historyPages, deps, follow);

    serve(app, checkupApi.list, async (request) =>
      listCheckups(db, requireCaller(request), request.query, checkupPages),
    );
    serve(app, checkupApi.history, async (request) =>
      listHistory(db, requireCaller(request), request.query, historyPages),
    );
    /** What both exports are given: the caller's scope, the filters, the language, the writers. */
    const exportOf = (
      request: FastifyRequest,
      filters: CheckupFilters,
      language: Language,
    ): CheckupExportRequest => ({
      db,
      caller: requireCaller(request),
      filters,
      language,
      log: request.log,
      workbooks: deps.workbooks,
    });
    serve(app, checkupApi.exportList, async (request, reply) => {
      const { sort, langue, ...filters } = request.body;
      // The sort is checked before anything is sent: an invalid one answers 400, not a file.
      const stream = await exportCheckups(exportOf(request, filters, langue), checkupSort(sort));
      return reply.type(XLSX_MIME).header('content-disposition', attachment('checkups', langue)).send(stream);
    });
    serve(app, checkupApi.exportHistory, async (request, reply) => {
      const { sort, langue, ...filters } = request.body;
      const stream = await exportHistory(exportOf(request, filters, langue), historySort(sort));
      return reply.type(XLSX_MIME).header('content-disposition', attachment('history', langue)).send(stream);
    });
  };
}

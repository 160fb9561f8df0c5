import {
  checkupExportBody,
  checkupListQuery,
  checkupListReply,
  historyListQuery,
  historyListReply,
  XLSX_MIME,
} from '../schemas/checkups';
import { errorReply } from '../schemas/common';
import { type ApiRoute, route } from './route';

const CORRESPONDANTS = ['ROLE_CORRESPONDANT'] as const;
const workbook = { status: 200, types: [XLSX_MIME] } as const;

/** The correspondant's check-ups and their history (docs/checkups.md#list, docs/checkups.md#history, docs/checkups.md#excel-export), on screen and as workbooks. */
export const checkupApi = {
  list: route({
    method: 'GET',
    path: '/api/bilansCorrespondant',
    access: CORRESPONDANTS,
    query: checkupListQuery,
    replies: { 200: checkupListReply, 400: errorReply },
    tag: 'checkups',
  }),
  history: route({
    method: 'GET',
    path: '/api/historiqueBilansCorrespondant',
    access: CORRESPONDANTS,
    query: historyListQuery,
    replies: { 200: historyListReply, 400: errorReply },
    tag: 'checkups',
  }),
  exportList: route({
    method: 'POST',
    path: '/api/excel-participant-bilan',
    access: CORRESPONDANTS,
    body: checkupExportBody,
    replies: {},
    file: workbook,
    tag: 'checkups',
    summary: 'The check-up list of the filter as an .xlsx workbook (all pages, in the list order)',
  }),
  exportHistory: route({
    method: 'POST',
    path: '/api/excel-participant-historique-bilan',
    access: CORRESPONDANTS,
    body: checkupExportBody,
    replies: {},
    file: workbook,
    tag: 'checkups',
    summary: 'The check-up history of the filter as an .xlsx workbook (all pages, in the list order)',
  }),
} satisfies Record<string, ApiRoute>;

import { XLSX_MIME } from '../schemas/checkups';
import { errorReply } from '../schemas/common';
import {
  IMPORT_BODY_LIMIT,
  importCheckBody,
  importCheckReply,
  importIdParam,
  importRefusalReply,
  importReportQuery,
  importRunBody,
  importStatusReply,
  importTemplateQuery,
} from '../schemas/participant-import';
import { type ApiRoute, route } from './route';

const CORRESPONDANTS = ['ROLE_CORRESPONDANT'] as const;
const importId = { id: 'import' } as const;
const workbook = { status: 200, types: [XLSX_MIME] } as const;

/**
 * Importing participants from a spreadsheet (issue 22, docs/participant-import.md): the template, the
 * check of a file, the import of a check in batches, its progress and its report. A check and its
 * import belong to the correspondant who uploaded the file.
 */
export const participantImportApi = {
  template: route({
    method: 'GET',
    path: '/api/adherentsCorrespondant/import/modele',
    access: CORRESPONDANTS,
    query: importTemplateQuery,
    replies: { 400: errorReply },
    file: workbook,
    tag: 'participant-import',
    summary: 'The spreadsheet template: the columns, the lists as drop-downs and an example row',
  }),
  check: route({
    method: 'POST',
    path: '/api/adherentsCorrespondant/import',
    access: CORRESPONDANTS,
    bodyLimit: IMPORT_BODY_LIMIT,
    body: importCheckBody,
    replies: { 200: importCheckReply, 400: errorReply, 422: importRefusalReply },
    tag: 'participant-import',
    summary: 'Checks an uploaded .xlsx or .csv with the participant form rules, row by row; changes nothing',
  }),
  run: route({
    method: 'POST',
    path: '/api/adherentsCorrespondant/import/:id/executer',
    access: CORRESPONDANTS,
    ids: importId,
    params: importIdParam,
    body: importRunBody,
    replies: { 202: importStatusReply, 400: errorReply, 404: errorReply, 409: errorReply },
    tag: 'participant-import',
    summary: 'Imports the valid rows of a check, in batches of one transaction each',
  }),
  status: route({
    method: 'GET',
    path: '/api/adherentsCorrespondant/import/:id',
    access: CORRESPONDANTS,
    ids: importId,
    params: importIdParam,
    replies: { 200: importStatusReply, 400: errorReply, 404: errorReply },
    tag: 'participant-import',
    summary: 'The progress and outcome of an import',
  }),
  report: route({
    method: 'GET',
    path: '/api/adherentsCorrespondant/import/:id/rapport',
    access: CORRESPONDANTS,
    ids: importId,
    params: importIdParam,
    query: importReportQuery,
    replies: { 400: errorReply, 404: errorReply },
    file: workbook,
    tag: 'participant-import',
    summary: 'What the import did to each row of the file, as an .xlsx workbook',
  }),
} satisfies Record<string, ApiRoute>;

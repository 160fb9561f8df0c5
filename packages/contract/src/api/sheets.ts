import { errorReply, idParam } from '../schemas/common';
import { documentContent, documentContentQuery, sheetListQuery, sheetListReply } from '../schemas/documents';
import { recordAccess } from './documents';
import { type ApiRoute, route } from './route';

/** The advice sheets (docs/documents-and-sheets.md#sheets): the centre's, the same for every caller the routes admit. */
export const sheetApi = {
  list: route({
    method: 'GET',
    path: '/api/fiche/list',
    ...recordAccess,
    query: sheetListQuery,
    replies: { 200: sheetListReply, 400: errorReply, 403: errorReply },
    tag: 'sheets',
  }),
  // The specification's path ends with a slash, and the server matches it as written.
  content: route({
    method: 'GET',
    path: '/api/fiche/:id/',
    ...recordAccess,
    ids: { id: 'sheet' },
    params: idParam,
    query: documentContentQuery,
    replies: { 200: documentContent, 403: errorReply, 404: errorReply },
    tag: 'sheets',
  }),
} satisfies Record<string, ApiRoute>;

import { errorReply, idParam } from '../schemas/common';
import {
  documentContent,
  documentContentQuery,
  documentListQuery,
  documentListReply,
  documentTypesParams,
  documentTypesReply,
  documentYearsReply,
  sendDocumentsBody,
  sendDocumentsReply,
} from '../schemas/documents';
import { type ApiRoute, route } from './route';

/** docs/documents-and-sheets.md#categories: documents, sheets and the mail they go to are the admin's and the participant's routes. */
export const RECORD_READERS = ['ROLE_ADMIN', 'ROLE_PARTICIPANT'] as const;
/** The guard refuses a participant who has not accepted the medical record (document.error.dmcNonAccepte). */
export const recordAccess = { access: RECORD_READERS, medicalRecord: true } as const;

/** The participant's medical record (docs/documents-and-sheets.md#document-lists, docs/documents-and-sheets.md#send-dialog, docs/documents-and-sheets.md#api). */
export const documentApi = {
  list: route({
    method: 'GET',
    path: '/api/document/list',
    ...recordAccess,
    query: documentListQuery,
    replies: { 200: documentListReply, 400: errorReply, 403: errorReply },
    tag: 'documents',
  }),
  types: route({
    method: 'GET',
    path: '/api/abstractenum/typedocument/:categorie',
    ...recordAccess,
    ids: { categorie: 'value' },
    params: documentTypesParams,
    replies: { 200: documentTypesReply, 400: errorReply, 403: errorReply },
    tag: 'documents',
  }),
  years: route({
    method: 'GET',
    path: '/api/annees-bilans',
    ...recordAccess,
    replies: { 200: documentYearsReply, 403: errorReply },
    tag: 'documents',
  }),
  // The specification's paths end with a slash, and the server matches them as written.
  content: route({
    method: 'GET',
    path: '/api/document/:id/',
    ...recordAccess,
    ids: { id: 'document' },
    params: idParam,
    query: documentContentQuery,
    replies: { 200: documentContent, 403: errorReply, 404: errorReply },
    tag: 'documents',
  }),
  attachment: route({
    method: 'GET',
    path: '/api/document/:id/ls/',
    ...recordAccess,
    ids: { id: 'attachment' },
    params: idParam,
    query: documentContentQuery,
    replies: { 200: documentContent, 403: errorReply, 404: errorReply },
    tag: 'documents',
    summary: 'An attachment (EXTRACIEM or LS) of one of the caller’s documents, by the attachment’s id',
  }),
  /** Answered as `text/plain`, not JSON: no reply schema. */
  mail: route({
    method: 'GET',
    path: '/api/mail',
    ...recordAccess,
    replies: {},
    tag: 'documents',
    summary: 'The caller’s own mail, as plain text',
  }),
  send: route({
    method: 'POST',
    path: '/api/document/download',
    ...recordAccess,
    body: sendDocumentsBody,
    replies: {
      200: sendDocumentsReply,
      400: errorReply,
      403: errorReply,
      404: errorReply,
      409: errorReply,
    },
    tag: 'documents',
    summary: 'Mails the chosen documents in one ZIP encrypted (AES-256) by the given password',
  }),
} satisfies Record<string, ApiRoute>;

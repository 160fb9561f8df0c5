import type { Language } from '@portail/contract/constants';
import { errorReply, idParam } from '@portail/contract/schemas/common';
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
} from '@portail/contract/schemas/documents';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireCaller } from '../../auth/caller';
import { replyLanguage } from '../../lib/language';
import { type SendDeps, sendDocuments } from './document-send.service';
import {
  listDocuments,
  listDocumentTypes,
  listDocumentYears,
  ownMail,
  type ReadContext,
  readAttachment,
  readDocument,
} from './documents.service';

/** 000 §2.2: documents, sheets and the mail they go to are the admin's and the participant's routes. */
export const RECORD_READERS = ['ROLE_ADMIN', 'ROLE_PARTICIPANT'] as const;
/** The guard refuses a participant who has not accepted the medical record (document.error.dmcNonAccepte). */
export const recordAccess = { access: RECORD_READERS, medicalRecord: true } as const;

/** `langue` is the interface language the web sends (README, "Languages"). */
export const readContext = (
  deps: { db: SendDeps['db'] },
  request: FastifyRequest,
  langue: Language,
): ReadContext => {
  const caller = requireCaller(request);
  return { db: deps.db, caller, ip: request.ip, language: replyLanguage(caller, langue) };
};

/** Medical content must stay out of every cache, the browser's included (HTTP/1.0 proxies: Pragma). */
export const uncached = (reply: FastifyReply) =>
  reply.header('cache-control', 'no-store').header('pragma', 'no-cache');

/** The participant's medical record (000 §2.12, §2.13, §7). */
export function documentRoutes(deps: SendDeps) {
  return async (instance: FastifyInstance) => {
    const app = instance.withTypeProvider<ZodTypeProvider>();
    const { db } = deps;

    app.get(
      '/api/document/list',
      {
        config: recordAccess,
        schema: {
          tags: ['documents'],
          querystring: documentListQuery,
          response: { 200: documentListReply, 400: errorReply, 403: errorReply },
        },
      },
      async (request) => listDocuments(db, requireCaller(request), request.query),
    );

    app.get(
      '/api/abstractenum/typedocument/:categorie',
      {
        config: { ...recordAccess, ids: { categorie: 'value' } },
        schema: {
          tags: ['documents'],
          params: documentTypesParams,
          response: { 200: documentTypesReply, 400: errorReply, 403: errorReply },
        },
      },
      async (request) => listDocumentTypes(db, request.params.categorie),
    );

    app.get(
      '/api/annees-bilans',
      {
        config: recordAccess,
        schema: { tags: ['documents'], response: { 200: documentYearsReply, 403: errorReply } },
      },
      async (request) => listDocumentYears(db, requireCaller(request)),
    );

    // The specification's paths end with a slash, and the server matches them as written.
    app.get(
      '/api/document/:id/',
      {
        config: { ...recordAccess, ids: { id: 'document' } },
        schema: {
          tags: ['documents'],
          params: idParam,
          querystring: documentContentQuery,
          response: { 200: documentContent, 403: errorReply, 404: errorReply },
        },
      },
      async (request, reply) => {
        const content = await readDocument(
          readContext(deps, request, request.query.langue),
          request.params.id,
          request.query.usage,
        );
        return uncached(reply).send(content);
      },
    );

    app.get(
      '/api/document/:id/ls/',
      {
        config: { ...recordAccess, ids: { id: 'attachment' } },
        schema: {
          tags: ['documents'],
          summary: 'An attachment (EXTRACIEM or LS) of one of the caller’s documents, by the attachment’s id',
          params: idParam,
          querystring: documentContentQuery,
          response: { 200: documentContent, 403: errorReply, 404: errorReply },
        },
      },
      async (request, reply) => {
        const content = await readAttachment(
          readContext(deps, request, request.query.langue),
          request.params.id,
          request.query.usage,
        );
        return uncached(reply).send(content);
      },
    );

    app.get(
      '/api/mail',
      {
        config: recordAccess,
        schema: { tags: ['documents'], summary: 'The caller’s own mail, as plain text' },
      },
      async (request, reply) => reply.type('text/plain; charset=utf-8').send(ownMail(requireCaller(request))),
    );

    app.post(
      '/api/document/download',
      {
        config: recordAccess,
        schema: {
          tags: ['documents'],
          summary: 'Mails the chosen documents in one ZIP encrypted (AES-256) by the given password',
          body: sendDocumentsBody,
          response: {
            200: sendDocumentsReply,
            400: errorReply,
            403: errorReply,
            404: errorReply,
            409: errorReply,
          },
        },
      },
      async (request) => ({
        ciemException: {
          messages: await sendDocuments(
            deps,
            { caller: requireCaller(request), ip: request.ip, log: request.log },
            request.body,
          ),
        },
      }),
    );
  };
}

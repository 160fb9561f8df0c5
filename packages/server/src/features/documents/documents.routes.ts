import { documentApi } from '@portail/contract/api/documents';
import type { Language } from '@portail/contract/constants';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { requireCaller } from '../../auth/caller';
import { replyLanguage } from '../../lib/language';
import { type CacheSources, keepFresh } from '../../lib/page-cache';
import { serve } from '../../lib/serve';
import { DOCUMENTS_CHANNEL, DocumentPageCache } from './document-page-cache';
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

/** The participant's medical record (docs/documents-and-sheets.md#document-lists, docs/documents-and-sheets.md#send-dialog, docs/documents-and-sheets.md#api). */
export function documentRoutes(deps: SendDeps & CacheSources) {
  return async (app: FastifyInstance) => {
    const { db } = deps;
    // A participant's list pages; the documents triggers name the participants a write touched.
    const pages = new DocumentPageCache(deps.config.listCacheTtlMs);
    keepFresh(app, 'documents', pages, deps, { channels: [{ name: DOCUMENTS_CHANNEL, evict: 'scopes' }] });

    serve(app, documentApi.list, async (request) =>
      listDocuments(db, requireCaller(request), request.query, pages),
    );
    serve(app, documentApi.types, async (request) => listDocumentTypes(db, request.params.categorie));
    serve(app, documentApi.years, async (request) => listDocumentYears(db, requireCaller(request)));
    serve(app, documentApi.content, async (request, reply) => {
      const content = await readDocument(
        readContext(deps, request, request.query.langue),
        request.params.id,
        request.query.usage,
      );
      return uncached(reply).send(content);
    });
    serve(app, documentApi.attachment, async (request, reply) => {
      const content = await readAttachment(
        readContext(deps, request, request.query.langue),
        request.params.id,
        request.query.usage,
      );
      return uncached(reply).send(content);
    });
    serve(app, documentApi.mail, async (request, reply) =>
      reply.type('text/plain; charset=utf-8').send(ownMail(requireCaller(request))),
    );
    serve(app, documentApi.send, async (request) => ({
      ciemException: {
        messages: await sendDocuments(
          deps,
          { caller: requireCaller(request), ip: request.ip, log: request.log },
          request.body,
        ),
      },
    }));
  };
}

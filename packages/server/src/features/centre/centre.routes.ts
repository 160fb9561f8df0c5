import {
  AUDIT_EXPORT_MAX,
  accountActionPath,
  accountCard,
  accountSearchQuery,
  accountSearchReply,
  auditEvent,
  auditExportQuery,
  auditList,
  auditQuery,
  delivery,
  deliveryList,
  deliveryQuery,
  legalChange,
  legalUpload,
  PUBLISHED_PDF_MAX_BYTES,
  publishedContent,
  sheetChange,
  sheetUpload,
  staffReason,
} from '@portail/contract/schemas/centre';
import { errorReply } from '@portail/contract/schemas/common';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireCaller } from '../../auth/caller';
import { audit } from '../../lib/audit';
import { attachmentDisposition } from '../../lib/content-disposition';
import { centreToday } from '../../lib/dates';
import { notFound } from '../../lib/errors';
import type { MessageQueue } from '../../notify/delivery-queue';
import { searchAccounts } from './account-support.queries';
import {
  type CentreDeps,
  readAccountCard,
  runAccountAction,
  type StaffRequest,
} from './account-support.service';
import { auditCsv } from './audit-export';
import { auditBatches, findAuditEvent, searchAudit } from './audit-search.queries';
import {
  addLegal,
  addSheet,
  changeLegal,
  changeSheet,
  publishedContent as readPublishedContent,
} from './content.service';
import { deliveryCounts, listDeliveries } from './deliveries.queries';
import { resendDelivery } from './deliveries.service';

/** The helpline and everyone above it (contract/roles.ts: ADMIN implies OPERATOR). */
const OPERATORS = ['ROLE_OPERATOR'] as const;
/** The audit trail is the data-protection officer's: administrators (and PARAM_MEDISUIV above them). */
const ADMINS = ['ROLE_ADMIN'] as const;

const idParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

const staffRequest = (request: FastifyRequest): StaffRequest => ({
  caller: requireCaller(request),
  ip: request.ip,
  log: request.log,
});

/** The Centre area's calls (issue 20): account support and message deliveries, for the centre's staff. */
export function centreRoutes(deps: CentreDeps & { queue: MessageQueue }) {
  return async (instance: FastifyInstance) => {
    const app = instance.withTypeProvider<ZodTypeProvider>();

    app.get(
      '/api/centre/accounts',
      {
        config: { access: OPERATORS },
        schema: {
          tags: ['centre'],
          summary: 'Find accounts by identifier, name, e-mail, mobile or record id (p:123, c:45)',
          querystring: accountSearchQuery,
          response: { 200: accountSearchReply, 400: errorReply },
        },
      },
      async (request) => searchAccounts(deps.db, deps.config, request.query),
    );

    app.get(
      '/api/centre/accounts/:id',
      {
        config: { access: OPERATORS, ids: { id: 'account' } },
        schema: {
          tags: ['centre'],
          summary: "An account's support card (recorded in the audit trail)",
          params: idParams,
          response: { 200: accountCard, 400: errorReply, 404: errorReply },
        },
      },
      async (request) => readAccountCard(deps, staffRequest(request), request.params.id),
    );

    app.post(
      '/api/centre/accounts/:id/:action',
      {
        config: { access: OPERATORS, ids: { id: 'account', action: 'value' } },
        schema: {
          tags: ['centre'],
          summary: 'Unlock, end sessions, mail a link, deactivate or re-activate, with a reason',
          params: idParams.extend({ action: accountActionPath }),
          body: staffReason,
          response: { 200: accountCard, 400: errorReply, 403: errorReply, 404: errorReply, 409: errorReply },
        },
      },
      async (request) =>
        runAccountAction(
          deps,
          staffRequest(request),
          request.params.id,
          request.params.action,
          request.body.reason,
        ),
    );

    app.get(
      '/api/centre/deliveries',
      {
        config: { access: OPERATORS },
        schema: {
          tags: ['centre'],
          summary: 'Text messages and mails with where their delivery stands (never their body)',
          querystring: deliveryQuery,
          response: { 200: deliveryList, 400: errorReply },
        },
      },
      async (request) => {
        const [list, counts] = await Promise.all([
          listDeliveries(deps.db, request.query),
          deliveryCounts(deps.db),
        ]);
        return { ...list, counts };
      },
    );

    app.get(
      '/api/centre/audit',
      {
        config: { access: ADMINS },
        schema: {
          tags: ['centre'],
          summary: 'Search the audit trail by participant, actor, action and period (newest first)',
          querystring: auditQuery,
          response: { 200: auditList, 400: errorReply },
        },
      },
      async (request) => {
        const { page, size, ...filter } = request.query;
        const found = await searchAudit(deps.db, filter, { page, size });
        // Reading the trail is recorded too: a new search (its first page), not each page turned.
        if (page === 0) {
          await audit(deps.db, {
            actorUserId: requireCaller(request).userId,
            action: 'AUDIT_SEARCHED',
            details: { filter, found: found.totalRows },
            ...(filter.participant ? { participantId: filter.participant } : {}),
            ip: request.ip,
          });
        }
        return found;
      },
    );

    app.get(
      '/api/centre/audit/export',
      {
        config: { access: ADMINS },
        schema: {
          tags: ['centre'],
          summary: `The search's events as CSV (at most ${AUDIT_EXPORT_MAX}, formulas neutralised)`,
          querystring: auditExportQuery,
          produces: ['text/csv'],
        },
      },
      async (request, reply) => {
        const { langue, ...filter } = request.query;
        const csv = auditCsv(auditBatches(deps.db, filter, AUDIT_EXPORT_MAX), langue);
        const caller = requireCaller(request);
        void csv.done.then((rows) =>
          audit(deps.db, {
            actorUserId: caller.userId,
            action: 'AUDIT_EXPORTED',
            details: { filter, rows },
            ...(filter.participant ? { participantId: filter.participant } : {}),
            ip: request.ip,
          }).catch((error: unknown) => request.log.error({ err: error }, 'audit export not recorded')),
        );
        return reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', attachmentDisposition(`audit-${centreToday()}.csv`))
          .send(csv.stream);
      },
    );

    app.get(
      '/api/centre/audit/:id',
      {
        config: { access: ADMINS, ids: { id: 'audit' } },
        schema: {
          tags: ['centre'],
          summary: 'One event of the audit trail in full',
          params: z.object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) }),
          response: { 200: auditEvent, 400: errorReply, 404: errorReply },
        },
      },
      async (request) => {
        const event = await findAuditEvent(deps.db, request.params.id);
        if (!event) throw notFound();
        await audit(deps.db, {
          actorUserId: requireCaller(request).userId,
          action: 'AUDIT_EVENT_VIEWED',
          targetType: 'audit',
          targetId: event.id,
          ...(event.participantId ? { participantId: event.participantId } : {}),
          ip: request.ip,
        });
        return event;
      },
    );

    // Content the centre publishes: advice sheets and data-protection documents (administrators).
    const contentReply = { 200: publishedContent, 400: errorReply, 404: errorReply };
    /** A PDF of 10 MB as base64 in JSON, with room for the rest of the body. */
    const uploadLimit = Math.ceil((PUBLISHED_PDF_MAX_BYTES * 4) / 3) + 64 * 1024;
    app.get(
      '/api/centre/content',
      {
        config: { access: ADMINS },
        schema: {
          tags: ['centre'],
          summary: 'Every published sheet and data-protection document',
          response: { 200: publishedContent },
        },
      },
      async () => readPublishedContent(deps.db),
    );
    app.post(
      '/api/centre/content/sheets',
      {
        config: { access: ADMINS },
        bodyLimit: uploadLimit,
        schema: {
          tags: ['centre'],
          summary: 'Publish an advice sheet (a PDF)',
          body: sheetUpload,
          response: contentReply,
        },
      },
      async (request) => {
        await addSheet(deps.db, staffRequest(request), request.body);
        return readPublishedContent(deps.db);
      },
    );
    app.patch(
      '/api/centre/content/sheets/:id',
      {
        config: { access: ADMINS, ids: { id: 'content' } },
        schema: {
          tags: ['centre'],
          summary: 'Rename, date, withdraw or restore an advice sheet',
          params: idParams,
          body: sheetChange,
          response: contentReply,
        },
      },
      async (request) => {
        await changeSheet(deps.db, staffRequest(request), request.params.id, request.body);
        return readPublishedContent(deps.db);
      },
    );
    app.post(
      '/api/centre/content/legal',
      {
        config: { access: ADMINS },
        bodyLimit: uploadLimit,
        schema: {
          tags: ['centre'],
          summary: 'Add a data-protection folder, or a document (a PDF) in a folder',
          body: legalUpload,
          response: contentReply,
        },
      },
      async (request) => {
        await addLegal(deps.db, staffRequest(request), request.body);
        return readPublishedContent(deps.db);
      },
    );
    app.patch(
      '/api/centre/content/legal/:id',
      {
        config: { access: ADMINS, ids: { id: 'content' } },
        schema: {
          tags: ['centre'],
          summary: 'Rename, move up or down, withdraw or restore a data-protection folder or document',
          params: idParams,
          body: legalChange,
          response: contentReply,
        },
      },
      async (request) => {
        await changeLegal(deps.db, staffRequest(request), request.params.id, request.body);
        return readPublishedContent(deps.db);
      },
    );

    app.post(
      '/api/centre/deliveries/:id/resend',
      {
        config: { access: OPERATORS, ids: { id: 'outbox' } },
        schema: {
          tags: ['centre'],
          summary: 'Send a dead message again, with a reason',
          params: idParams,
          body: staffReason,
          response: { 200: delivery, 400: errorReply, 404: errorReply, 409: errorReply },
        },
      },
      async (request) => resendDelivery(deps, staffRequest(request), request.params.id, request.body.reason),
    );
  };
}

import { centreApi } from '@portail/contract/api/centre';
import { AUDIT_EXPORT_MAX } from '@portail/contract/schemas/centre';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { requireCaller } from '../../auth/caller';
import { audit } from '../../lib/audit';
import { attachmentDisposition } from '../../lib/content-disposition';
import { centreToday } from '../../lib/dates';
import { notFound } from '../../lib/errors';
import { serve } from '../../lib/serve';
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

const staffRequest = (request: FastifyRequest): StaffRequest => ({
  caller: requireCaller(request),
  ip: request.ip,
  log: request.log,
});

/** The Centre area's calls (issue 20): account support and message deliveries, for the centre's staff. */
export function centreRoutes(deps: CentreDeps & { queue: MessageQueue }) {
  return async (app: FastifyInstance) => {
    serve(app, centreApi.accounts, async (request) => searchAccounts(deps.db, deps.config, request.query));
    serve(app, centreApi.account, async (request) =>
      readAccountCard(deps, staffRequest(request), request.params.id),
    );
    serve(app, centreApi.accountAction, async (request) =>
      runAccountAction(
        deps,
        staffRequest(request),
        request.params.id,
        request.params.action,
        request.body.reason,
      ),
    );

    serve(app, centreApi.deliveries, async (request) => {
      const [list, counts] = await Promise.all([
        listDeliveries(deps.db, request.query),
        deliveryCounts(deps.db),
      ]);
      return { ...list, counts };
    });

    serve(app, centreApi.audit, async (request) => {
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
    });

    serve(app, centreApi.auditExport, async (request, reply) => {
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
    });

    serve(app, centreApi.auditEvent, async (request) => {
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
    });

    // Content the centre publishes: advice sheets and data-protection documents (administrators).
    serve(app, centreApi.content, async () => readPublishedContent(deps.db));
    serve(app, centreApi.addSheet, async (request) => {
      await addSheet(deps.db, staffRequest(request), request.body);
      return readPublishedContent(deps.db);
    });
    serve(app, centreApi.changeSheet, async (request) => {
      await changeSheet(deps.db, staffRequest(request), request.params.id, request.body);
      return readPublishedContent(deps.db);
    });
    serve(app, centreApi.addLegal, async (request) => {
      await addLegal(deps.db, staffRequest(request), request.body);
      return readPublishedContent(deps.db);
    });
    serve(app, centreApi.changeLegal, async (request) => {
      await changeLegal(deps.db, staffRequest(request), request.params.id, request.body);
      return readPublishedContent(deps.db);
    });

    serve(app, centreApi.resend, async (request) =>
      resendDelivery(deps, staffRequest(request), request.params.id, request.body.reason),
    );
  };
}

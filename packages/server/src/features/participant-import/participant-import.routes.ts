import { participantImportApi } from '@portail/contract/api/participant-import';
import type { Language } from '@portail/contract/constants';
import { XLSX_MIME } from '@portail/contract/schemas/checkups';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { requireCaller } from '../../auth/caller';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { Changes } from '../../lib/changes';
import { attachmentDisposition } from '../../lib/content-disposition';
import { centreToday } from '../../lib/dates';
import { notFound } from '../../lib/errors';
import { serve } from '../../lib/serve';
import type { Notifier } from '../../notify/notifier';
import { checkImport, ImportRefused, importLists } from './import-check.service';
import { buildImportReport, REPORT_NAMES } from './import-report';
import { ImportRunner, startImport } from './import-run.service';
import { activationDeliveries, failStale, findImport, statusOf } from './import-store';
import { buildImportTemplate } from './import-template';

/** Activation links handed to the outbox per second by an import (docs/participant-import.md#run). */
export const IMPORT_MAILS_PER_SECOND = 10;

const TEMPLATE_NAMES = { fr_FR: 'Modèle import participants', en_EN: 'Participant import template' } as const;

const sendWorkbook = (reply: FastifyReply, name: string, bytes: Uint8Array) =>
  reply
    .type(XLSX_MIME)
    .header('content-disposition', attachmentDisposition(`${name}.xlsx`))
    .send(Buffer.from(bytes));

/**
 * Importing participants from a spreadsheet (issue 22, docs/participant-import.md): the template, the
 * check of a file, the run of a check in the background, its progress and its report.
 */
export function participantImportRoutes(deps: {
  db: Db;
  config: Config;
  notifier: Notifier;
  changes: Changes;
}) {
  return async (app: FastifyInstance) => {
    const { db } = deps;
    const runner = new ImportRunner(IMPORT_MAILS_PER_SECOND);
    app.addHook('onClose', async () => runner.close());
    // Runs an instance left behind when it stopped (a deployment, a crash) do not stay 'running'.
    await failStale(db).catch((error: unknown) => app.log.warn({ err: error }, 'stale imports not marked'));
    const context = (request: { ip: string } & Parameters<typeof requireCaller>[0]) => ({
      caller: requireCaller(request),
      ip: request.ip,
    });

    serve(app, participantImportApi.template, async (request, reply) => {
      const language: Language = request.query.langue;
      const bytes = await buildImportTemplate(language, await importLists(db, requireCaller(request)));
      return sendWorkbook(reply, TEMPLATE_NAMES[language], bytes);
    });
    serve(app, participantImportApi.check, async (request, reply) => {
      try {
        return await checkImport(deps, context(request), request.body);
      } catch (error) {
        if (!(error instanceof ImportRefused)) throw error;
        // The whole file is refused, nothing kept: its one message says why.
        return reply.code(422).send({
          status: 422,
          error: 'Unprocessable Entity',
          message: error.importError.key,
          importError: error.importError,
        });
      }
    });
    serve(app, participantImportApi.run, async (request, reply) => {
      const status = await startImport(
        { ...deps, log: app.log, runner },
        context(request),
        request.params.id,
        request.body.mettreAJour,
      );
      return reply.code(202).send(status);
    });
    serve(app, participantImportApi.status, async (request) => {
      const record = await findImport(db, requireCaller(request), request.params.id);
      if (!record) throw notFound();
      return statusOf(record, await activationDeliveries(db, record.id));
    });
    serve(app, participantImportApi.report, async (request, reply) => {
      const record = await findImport(db, requireCaller(request), request.params.id);
      if (!record) throw notFound();
      const language: Language = request.query.langue;
      const bytes = await buildImportReport(record, language);
      return sendWorkbook(reply, `${REPORT_NAMES[language]} ${centreToday()}`, bytes);
    });
  };
}

import { participantApi } from '@portail/contract/api/participants';
import { XLSX_MIME } from '@portail/contract/schemas/checkups';
import { PARTICIPANT_MESSAGES, SELECTION_MAX } from '@portail/contract/schemas/participants';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { requireCaller } from '../../auth/caller';
import { attachmentDisposition } from '../../lib/content-disposition';
import { centreToday } from '../../lib/dates';
import { BusinessError, errorMessage } from '../../lib/errors';
import { type CacheSources, keepFresh } from '../../lib/page-cache';
import { serve } from '../../lib/serve';
import type { WorkbookWriters } from '../../lib/workbook/workbook-writers';
import { listScopeEstablishments, searchDestinations } from './establishment.queries';
import {
  readmitParticipant,
  terminateParticipant,
  terminateSelection,
  transferParticipant,
} from './participant-actions.service';
import { exportParticipants, PARTICIPANTS_WORKBOOK } from './participant-export';
import { PARTICIPANTS_CHANNEL, ParticipantPageCache } from './participant-page-cache';
import { selectedIds } from './participant-selection.queries';
import {
  createParticipant,
  type ParticipantDeps,
  type RequestContext,
  updateParticipant,
} from './participant-write.service';
import {
  listForCaller,
  parseSort,
  participantEstablishmentForCaller,
  participantForCaller,
  selectionOf,
} from './participants.service';

const context = (request: FastifyRequest): RequestContext => ({
  caller: requireCaller(request),
  ip: request.ip,
  log: request.log,
});

/** The participants of a correspondant (docs/participants.md#list, docs/participants.md#detail, docs/participants.md#api) and the establishments their forms offer. */
export function participantRoutes(deps: ParticipantDeps & CacheSources & { workbooks: WorkbookWriters }) {
  return async (app: FastifyInstance) => {
    const { db } = deps;
    // The list's default pages (participant-page-cache.ts): the participants triggers name the scopes a
    // write touched, and a transfer accepted here announces its participants.
    const pages = new ParticipantPageCache(deps.config.listCacheTtlMs);
    keepFresh(app, 'participants', pages, deps, {
      channels: [{ name: PARTICIPANTS_CHANNEL, evict: 'scopes' }],
      changes: ['participants'],
    });
    // A write of this instance has committed when its reply leaves: the pages it may have changed are
    // dropped before the caller can ask for the list again (other instances hear the triggers).
    // An export writes nothing: it keeps the pages.
    app.addHook('onSend', async (request, _reply, payload) => {
      if (request.method !== 'GET' && request.routeOptions.url !== participantApi.exportSelection.path)
        pages.clear();
      return payload;
    });

    serve(app, participantApi.list, async (request) =>
      listForCaller(db, requireCaller(request), request.query, pages),
    );
    for (const declaration of [participantApi.listDetail, participantApi.detail]) {
      serve(app, declaration, async (request) =>
        participantForCaller(db, requireCaller(request), request.params.id),
      );
    }
    serve(app, participantApi.create, async (request) =>
      createParticipant(deps, context(request), request.body),
    );
    serve(app, participantApi.update, async (request) => ({
      ciemException: { messages: await updateParticipant(deps, context(request), request.body) },
    }));
    serve(app, participantApi.terminate, async (request) => ({
      ciemException: {
        messages: await terminateParticipant(
          deps,
          context(request),
          request.params.id,
          request.body.motifMouvement,
        ),
      },
    }));
    serve(app, participantApi.terminateSelection, async (request) => {
      const { selection, motifMouvement } = request.body;
      // Ticked ids are taken as sent (those outside the scope are refused one by one); a filter
      // names the scope's participants it matches, at most SELECTION_MAX of them.
      const ids =
        'ids' in selection
          ? selection.ids
          : await selectedIds(db, requireCaller(request), selectionOf(selection), SELECTION_MAX);
      if (ids.length > SELECTION_MAX)
        throw new BusinessError([
          errorMessage(PARTICIPANT_MESSAGES.selectionTooLarge, [String(SELECTION_MAX)]),
        ]);
      return terminateSelection(deps, context(request), ids, motifMouvement);
    });
    serve(app, participantApi.exportSelection, async (request, reply) => {
      const { selection, langue, sort } = request.body;
      const stream = await exportParticipants({
        db,
        caller: requireCaller(request),
        selection: selectionOf(selection),
        order: parseSort(sort),
        language: langue,
        log: request.log,
        workbooks: deps.workbooks,
      });
      return reply
        .type(XLSX_MIME)
        .header(
          'content-disposition',
          attachmentDisposition(`${PARTICIPANTS_WORKBOOK[langue]} ${centreToday()}.xlsx`),
        )
        .send(stream);
    });
    serve(app, participantApi.readmit, async (request) => ({
      ciemException: { messages: await readmitParticipant(deps, context(request), request.params.id) },
    }));
    serve(app, participantApi.transfer, async (request) => ({
      ciemException: {
        messages: await transferParticipant(deps, context(request), request.params.id, request.body),
      },
    }));
    serve(app, participantApi.establishment, async (request) =>
      participantEstablishmentForCaller(db, requireCaller(request), request.params.id),
    );
    serve(app, participantApi.correspondantEstablishments, async (request) =>
      listScopeEstablishments(db, requireCaller(request)),
    );
    serve(app, participantApi.destinations, async (request) =>
      searchDestinations(db, request.query.recherche),
    );
  };
}

import { correspondantApi } from '@portail/contract/api/correspondants';
import type { FastifyInstance } from 'fastify';
import { canShowCorrespondantList, requireCaller } from '../../auth/caller';
import { type CacheSources, keepFresh } from '../../lib/page-cache';
import { serve } from '../../lib/serve';
import { type AccountDeps, accountRequest } from '../account';
import { CORRESPONDANTS_CHANNEL, CorrespondantPageCache } from './correspondant-page-cache';
import { saveOwnRecord } from './correspondant-save.service';
import { correspondantForCaller, listForCaller, managerOf, ownRecord } from './correspondants.service';

/**
 * The correspondant directory (docs/correspondants.md#detail, docs/roles-and-access.md#roles, docs/correspondants.md#api): who the caller's correspondants are, their own
 * record and its contact block, the manager of their establishment (docs/correspondants.md#api getGestionnaire), and
 * whether the directory may be shown (docs/correspondants.md#api user/canShowListeCorrespondant).
 */
export function correspondantRoutes(deps: AccountDeps & CacheSources) {
  return async (app: FastifyInstance) => {
    const { db } = deps;
    const pages = new CorrespondantPageCache(deps.config.listCacheTtlMs);
    keepFresh(app, 'correspondants', pages, deps, {
      channels: [{ name: CORRESPONDANTS_CHANNEL, evict: 'all' }],
      changes: ['correspondants'],
    });
    // A save of this instance has committed when its reply leaves: the directory's pages are dropped
    // before the caller can ask for them again (other instances hear the save's notification).
    app.addHook('onSend', async (request, _reply, payload) => {
      if (request.method !== 'GET') pages.clear();
      return payload;
    });

    serve(app, correspondantApi.list, async (request) =>
      listForCaller(db, requireCaller(request), request.query, pages),
    );
    serve(app, correspondantApi.ownRecord, async (request) => ownRecord(db, requireCaller(request)));
    serve(app, correspondantApi.detail, async (request) =>
      correspondantForCaller(db, requireCaller(request), request.params.id),
    );
    serve(app, correspondantApi.save, async (request) =>
      saveOwnRecord(deps, accountRequest(request), request.params.id, request.body),
    );
    serve(app, correspondantApi.manager, async (request) => managerOf(db, requireCaller(request)));
    serve(app, correspondantApi.canShowList, async (request) =>
      canShowCorrespondantList(requireCaller(request)),
    );
  };
}

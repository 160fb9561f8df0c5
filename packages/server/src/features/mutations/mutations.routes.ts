import { mutationApi } from '@portail/contract/api/mutations';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { requireCaller } from '../../auth/caller';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { type CacheSources, keepFresh } from '../../lib/page-cache';
import { serve } from '../../lib/serve';
import { PARTICIPANTS_CHANNEL } from '../participants';
import { acceptMutation, cancelMutation, type MutationRequest } from './mutation-actions.service';
import { MUTATIONS_CHANNEL, MutationPageCache } from './mutation-page-cache';
import { listMutations, mutationForCaller } from './mutations.service';

const context = (request: FastifyRequest): MutationRequest => ({
  caller: requireCaller(request),
  ip: request.ip,
});

/** Transfers between establishments (docs/transfers.md#list, docs/transfers.md#accept, docs/transfers.md#api): correspondants only, each end sees its own. */
export function mutationRoutes(deps: { db: Db; config: Pick<Config, 'listCacheTtlMs'> } & CacheSources) {
  return async (app: FastifyInstance) => {
    const { db } = deps;
    // Transfer rows show participants: a participants notification or announcement drops every page.
    const pages = new MutationPageCache(deps.config.listCacheTtlMs);
    keepFresh(app, 'mutations', pages, deps, {
      channels: [
        { name: MUTATIONS_CHANNEL, evict: 'all' },
        { name: PARTICIPANTS_CHANNEL, evict: 'all' },
      ],
      changes: ['participants'],
    });
    // An accept moves a participant and a cancel clears their pending-transfer mark: this instance's
    // cached participant and transfer pages are dropped before the reply, so the next list is already right (other
    // instances hear the participants triggers).
    app.addHook('onSend', async (request, _reply, payload) => {
      if (request.method !== 'GET') {
        deps.changes.announce('participants');
        pages.clear();
      }
      return payload;
    });

    serve(app, mutationApi.list, async (request) =>
      listMutations(db, requireCaller(request), request.query, pages),
    );
    serve(app, mutationApi.detail, async (request) =>
      mutationForCaller(db, requireCaller(request), request.params.id),
    );
    serve(app, mutationApi.accept, async (request) => ({
      ciemException: { messages: await acceptMutation(db, context(request), request.params.id) },
    }));
    serve(app, mutationApi.cancel, async (request) => ({
      ciemException: { messages: await cancelMutation(db, context(request), request.params.id) },
    }));
  };
}

import { activityApi } from '@portail/contract/api/activity';
import type { FastifyInstance } from 'fastify';
import { requireCaller } from '../../auth/caller';
import { serve } from '../../lib/serve';
import { type ActivityDeps, listActivity } from './activity.service';

/** "My activity" (docs/activity.md): a participant's own audit trail, told as facts. */
export function activityRoutes(deps: ActivityDeps) {
  return async (app: FastifyInstance) => {
    serve(app, activityApi.list, async (request) =>
      listActivity(deps, requireCaller(request), request.query),
    );
  };
}

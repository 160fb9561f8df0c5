import { enumApi } from '@portail/contract/api/enums';
import type { FastifyInstance } from 'fastify';
import { requireCaller } from '../../auth/caller';
import type { Db } from '../../db/client';
import { serve } from '../../lib/serve';
import { approveEnumItem, createEnumItem, listEnumItems } from './enums.service';

/** The dropdown lists (docs/interface-conventions.md#reference-lists): `enum/` and `abstractenum/` are two names of the same lists. */
export function enumRoutes(deps: { db: Db }) {
  return async (app: FastifyInstance) => {
    const { db } = deps;
    for (const [list, add, approve] of [
      [enumApi.list, enumApi.add, enumApi.approve],
      [enumApi.abstractList, enumApi.abstractAdd, enumApi.abstractApprove],
    ] as const) {
      serve(app, list, async (request) =>
        listEnumItems(db, requireCaller(request), request.params.name, request.query),
      );
      serve(app, add, async (request) =>
        createEnumItem(db, requireCaller(request), request.params.name, request.body.label, request.ip),
      );
      serve(app, approve, async (request) =>
        approveEnumItem(db, requireCaller(request), request.params.name, request.body.id, request.ip),
      );
    }
  };
}

import { errorReply, idParam } from '@portail/contract/schemas/common';
import {
  canShowListReply,
  correspondant,
  correspondantContactBody,
  correspondantListQuery,
  correspondantListReply,
  correspondantSavedReply,
  managerReply,
} from '@portail/contract/schemas/correspondants';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { canShowCorrespondantList, requireCaller } from '../../auth/caller';
import { type AccountDeps, accountRequest } from '../account/account-deps';
import { correspondantPageCache } from './correspondant-page-cache';
import { saveOwnRecord } from './correspondant-save.service';
import { correspondantForCaller, listForCaller, managerOf, ownRecord } from './correspondants.service';

const READERS = ['ROLE_ADMIN', 'ROLE_PARTICIPANT', 'ROLE_CORRESPONDANT'] as const;
const CORRESPONDANTS = ['ROLE_CORRESPONDANT'] as const;
const correspondantId = { id: 'correspondant' } as const;

/**
 * The correspondant directory (000 §2.10, §6, §7): who the caller's correspondants are, their own
 * record and its contact block, the manager of their establishment (001 §7 getGestionnaire), and
 * whether the directory may be shown (001 §7 user/canShowListeCorrespondant).
 */
export function correspondantRoutes(deps: AccountDeps) {
  return async (instance: FastifyInstance) => {
    const app = instance.withTypeProvider<ZodTypeProvider>();
    const { db } = deps;
    // A save of this instance has committed when its reply leaves: the directory's pages are dropped
    // before the caller can ask for them again (other instances hear the save's notification).
    app.addHook('onSend', async (request, _reply, payload) => {
      if (request.method !== 'GET') correspondantPageCache.clear();
      return payload;
    });

    app.get(
      '/api/correspondant',
      {
        config: { access: READERS },
        schema: {
          tags: ['correspondants'],
          querystring: correspondantListQuery,
          response: { 200: correspondantListReply, 400: errorReply, 403: errorReply },
        },
      },
      async (request) => listForCaller(db, requireCaller(request), request.query),
    );

    app.get(
      '/api/correspondant/mescoordonnees',
      {
        config: { access: ['ROLE_ADMIN', 'ROLE_CORRESPONDANT'] },
        schema: { tags: ['correspondants'], response: { 200: correspondant, 404: errorReply } },
      },
      async (request) => ownRecord(db, requireCaller(request)),
    );

    app.get(
      '/api/correspondant/:id',
      {
        config: { access: READERS, ids: correspondantId },
        schema: {
          tags: ['correspondants'],
          params: idParam,
          response: { 200: correspondant, 403: errorReply, 404: errorReply },
        },
      },
      async (request) => correspondantForCaller(db, requireCaller(request), request.params.id),
    );

    app.post(
      '/api/correspondant/:id',
      {
        config: { access: CORRESPONDANTS, ids: correspondantId },
        schema: {
          tags: ['correspondants'],
          summary:
            "Saves the contact block of the caller's own record (canSave), behind the current password; a new mail or mobile waits for its code",
          params: idParam,
          body: correspondantContactBody,
          response: { 200: correspondantSavedReply, 400: errorReply, 403: errorReply, 404: errorReply },
        },
      },
      async (request) => saveOwnRecord(deps, accountRequest(request), request.params.id, request.body),
    );

    app.get(
      '/api/getGestionnaire',
      {
        config: { access: CORRESPONDANTS },
        schema: {
          tags: ['correspondants'],
          summary: "The centre's manager of the correspondant's establishment, or null",
          response: { 200: managerReply },
        },
      },
      async (request) => managerOf(db, requireCaller(request)),
    );

    app.get(
      '/api/user/canShowListeCorrespondant',
      {
        config: { access: READERS },
        schema: { tags: ['correspondants'], response: { 200: canShowListReply } },
      },
      async (request) => canShowCorrespondantList(requireCaller(request)),
    );
  };
}

import { errorReply } from '@portail/contract/schemas/common';
import {
  approveEnumItemBody,
  createEnumItemBody,
  enumItem,
  enumParams,
  enumQuery,
  enumReply,
} from '@portail/contract/schemas/enums';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireCaller } from '../../auth/caller';
import type { Db } from '../../db/client';
import { approveEnumItem, createEnumItem, listEnumItems } from './enums.service';

const READERS = ['ROLE_ADMIN', 'ROLE_CORRESPONDANT', 'ROLE_PARTICIPANT'] as const;
const CREATORS = ['ROLE_ADMIN', 'ROLE_CORRESPONDANT'] as const;
const APPROVERS = ['ROLE_ADMIN'] as const;

/** The dropdown lists (000 §7): `enum/` and `abstractenum/` are two names of the same lists. */
export function enumRoutes(deps: { db: Db }) {
  return async (instance: FastifyInstance) => {
    const app = instance.withTypeProvider<ZodTypeProvider>();
    for (const prefix of ['/api/enum', '/api/abstractenum']) {
      app.get(
        `${prefix}/:name`,
        {
          config: { access: READERS, ids: { name: 'value' } },
          schema: {
            tags: ['enums'],
            params: enumParams,
            querystring: enumQuery,
            response: { 200: enumReply, 404: errorReply },
          },
        },
        async (request) => listEnumItems(deps.db, requireCaller(request), request.params.name, request.query),
      );
      app.put(
        `${prefix}/:name`,
        {
          config: { access: CREATORS, ids: { name: 'value' } },
          schema: {
            tags: ['enums'],
            summary:
              "Adds a value to a list users may extend (typeVoie), pending the centre's approval and listed to the author's reach meanwhile, or returns the one of that label",
            params: enumParams,
            body: createEnumItemBody,
            response: { 200: enumItem, 400: errorReply, 403: errorReply, 404: errorReply, 429: errorReply },
          },
        },
        async (request) =>
          createEnumItem(
            deps.db,
            requireCaller(request),
            request.params.name,
            request.body.label,
            request.ip,
          ),
      );
      app.post(
        `${prefix}/:name/approbation`,
        {
          config: { access: APPROVERS, ids: { name: 'value' } },
          schema: {
            tags: ['enums'],
            summary: "Publishes a value added from the portal to everyone (the centre's staff)",
            params: enumParams,
            body: approveEnumItemBody,
            response: { 200: enumItem, 400: errorReply, 403: errorReply, 404: errorReply },
          },
        },
        async (request) =>
          approveEnumItem(deps.db, requireCaller(request), request.params.name, request.body.id, request.ip),
      );
    }
  };
}

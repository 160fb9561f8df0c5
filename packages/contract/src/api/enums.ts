import { errorReply } from '../schemas/common';
import {
  approveEnumItemBody,
  createEnumItemBody,
  enumItem,
  enumParams,
  enumQuery,
  enumReply,
} from '../schemas/enums';
import { type ApiRoute, route } from './route';

const READERS = ['ROLE_ADMIN', 'ROLE_CORRESPONDANT', 'ROLE_PARTICIPANT'] as const;
const CREATORS = ['ROLE_ADMIN', 'ROLE_CORRESPONDANT'] as const;
const APPROVERS = ['ROLE_ADMIN'] as const;

/** The three calls of the dropdown lists under one prefix. */
function enumCalls<const P extends string>(prefix: P) {
  return {
    list: route({
      method: 'GET',
      path: `${prefix}/:name`,
      access: READERS,
      ids: { name: 'value' },
      params: enumParams,
      query: enumQuery,
      replies: { 200: enumReply, 404: errorReply },
      tag: 'enums',
    }),
    add: route({
      method: 'PUT',
      path: `${prefix}/:name`,
      access: CREATORS,
      ids: { name: 'value' },
      params: enumParams,
      body: createEnumItemBody,
      replies: { 200: enumItem, 400: errorReply, 403: errorReply, 404: errorReply, 429: errorReply },
      tag: 'enums',
      summary:
        "Adds a value to a list users may extend (typeVoie), pending the centre's approval and listed to the author's reach meanwhile, or returns the one of that label",
    }),
    approve: route({
      method: 'POST',
      path: `${prefix}/:name/approbation`,
      access: APPROVERS,
      ids: { name: 'value' },
      params: enumParams,
      body: approveEnumItemBody,
      replies: { 200: enumItem, 400: errorReply, 403: errorReply, 404: errorReply },
      tag: 'enums',
      summary: "Publishes a value added from the portal to everyone (the centre's staff)",
    }),
  };
}

const current = enumCalls('/api/enum');
/** `abstractenum/` is the specification's second name of the same lists. */
const legacy = enumCalls('/api/abstractenum');

/** The dropdown lists (docs/interface-conventions.md#reference-lists). */
export const enumApi = {
  list: current.list,
  add: current.add,
  approve: current.approve,
  abstractList: legacy.list,
  abstractAdd: legacy.add,
  abstractApprove: legacy.approve,
} satisfies Record<string, ApiRoute>;

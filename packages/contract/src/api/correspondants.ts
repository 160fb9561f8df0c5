import { errorReply, idParam } from '../schemas/common';
import {
  canShowListReply,
  correspondant,
  correspondantContactBody,
  correspondantListQuery,
  correspondantListReply,
  correspondantSavedReply,
  managerReply,
} from '../schemas/correspondants';
import { type ApiRoute, route } from './route';

const READERS = ['ROLE_ADMIN', 'ROLE_PARTICIPANT', 'ROLE_CORRESPONDANT'] as const;
const CORRESPONDANTS = ['ROLE_CORRESPONDANT'] as const;
const correspondantId = { id: 'correspondant' } as const;

/**
 * The correspondant directory (docs/correspondants.md#detail, docs/roles-and-access.md#roles, docs/correspondants.md#api): who the caller's correspondants are, their own
 * record and its contact block, the manager of their establishment (docs/correspondants.md#api getGestionnaire), and
 * whether the directory may be shown (docs/correspondants.md#api user/canShowListeCorrespondant).
 */
export const correspondantApi = {
  list: route({
    method: 'GET',
    path: '/api/correspondant',
    access: READERS,
    query: correspondantListQuery,
    replies: { 200: correspondantListReply, 400: errorReply, 403: errorReply },
    tag: 'correspondants',
  }),
  ownRecord: route({
    method: 'GET',
    path: '/api/correspondant/mescoordonnees',
    access: ['ROLE_ADMIN', 'ROLE_CORRESPONDANT'],
    replies: { 200: correspondant, 404: errorReply },
    tag: 'correspondants',
  }),
  detail: route({
    method: 'GET',
    path: '/api/correspondant/:id',
    access: READERS,
    ids: correspondantId,
    params: idParam,
    replies: { 200: correspondant, 403: errorReply, 404: errorReply },
    tag: 'correspondants',
  }),
  save: route({
    method: 'POST',
    path: '/api/correspondant/:id',
    access: CORRESPONDANTS,
    ids: correspondantId,
    params: idParam,
    body: correspondantContactBody,
    replies: { 200: correspondantSavedReply, 400: errorReply, 403: errorReply, 404: errorReply },
    tag: 'correspondants',
    summary:
      "Saves the contact block of the caller's own record (canSave), behind the current password; a new mail or mobile waits for its code",
  }),
  manager: route({
    method: 'GET',
    path: '/api/getGestionnaire',
    access: CORRESPONDANTS,
    replies: { 200: managerReply },
    tag: 'correspondants',
    summary: "The centre's manager of the correspondant's establishment, or null",
  }),
  canShowList: route({
    method: 'GET',
    path: '/api/user/canShowListeCorrespondant',
    access: READERS,
    replies: { 200: canShowListReply },
    tag: 'correspondants',
  }),
} satisfies Record<string, ApiRoute>;

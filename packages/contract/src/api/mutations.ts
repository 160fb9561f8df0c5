import { errorReply, idParam, messagesReply } from '../schemas/common';
import { mutationListQuery, mutationListReply, mutationRow } from '../schemas/mutations';
import { type ApiRoute, route } from './route';

const CORRESPONDANTS = ['ROLE_CORRESPONDANT'] as const;
const refusals = { 400: errorReply, 404: errorReply, 409: errorReply };

/** Transfers between establishments: correspondants only, each end sees its own. */
export const mutationApi = {
  list: route({
    method: 'GET',
    path: '/api/mutation',
    access: CORRESPONDANTS,
    query: mutationListQuery,
    replies: { 200: mutationListReply, 400: errorReply },
    tag: 'mutations',
  }),
  detail: route({
    method: 'GET',
    path: '/api/mutation/:id',
    access: CORRESPONDANTS,
    ids: { id: 'mutation' },
    params: idParam,
    replies: { 200: mutationRow, 404: errorReply },
    tag: 'mutations',
  }),
  accept: route({
    method: 'POST',
    path: '/api/mutation/:id/accepter',
    access: CORRESPONDANTS,
    ids: { id: 'mutation' },
    params: idParam,
    replies: { 200: messagesReply, ...refusals },
    tag: 'mutations',
    summary:
      'The destination accepts: the participant moves there (and the check-up in progress, when its takeover was asked)',
  }),
  cancel: route({
    method: 'POST',
    path: '/api/mutation/:id/annuler',
    access: CORRESPONDANTS,
    ids: { id: 'mutation' },
    params: idParam,
    replies: { 200: messagesReply, ...refusals },
    tag: 'mutations',
    summary: 'Either end cancels a transfer in progress; the participant stays where they are',
  }),
} satisfies Record<string, ApiRoute>;

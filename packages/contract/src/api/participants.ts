import { XLSX_MIME } from '../schemas/checkups';
import { errorReply, idParam, messagesReply } from '../schemas/common';
import {
  correspondantEstablishmentsReply,
  destinationQuery,
  destinationsReply,
  participant,
  participantCreate,
  participantCreatedReply,
  participantEstablishment,
  participantExportBody,
  participantListQuery,
  participantListReply,
  participantUpdate,
  terminateBody,
  terminateSelectionBody,
  terminateSelectionReply,
  transferBody,
} from '../schemas/participants';
import { type ApiRoute, route } from './route';

const READERS = ['ROLE_PARTICIPANT', 'ROLE_CORRESPONDANT'] as const;
const CORRESPONDANTS = ['ROLE_CORRESPONDANT'] as const;
const participantId = { id: 'participant' } as const;
const refusals = { 400: errorReply, 404: errorReply, 409: errorReply };

/**
 * The participants of a correspondant (docs/participants.md#list, docs/participants.md#detail, docs/participants.md#api) and the establishments their forms offer;
 * and a participant's own record (docs/personal-details.md#administrators).
 */
export const participantApi = {
  list: route({
    method: 'GET',
    path: '/api/adherentsCorrespondant',
    access: READERS,
    query: participantListQuery,
    replies: { 200: participantListReply, 400: errorReply },
    tag: 'participants',
  }),
  /** The same record as `detail`, under the list's path: the server answers both. */
  listDetail: route({
    method: 'GET',
    path: '/api/adherentsCorrespondant/detail/:id',
    access: READERS,
    ids: participantId,
    params: idParam,
    replies: { 200: participant, 404: errorReply },
    tag: 'participants',
  }),
  detail: route({
    method: 'GET',
    path: '/api/adherents/:id',
    access: READERS,
    ids: participantId,
    params: idParam,
    replies: { 200: participant, 404: errorReply },
    tag: 'participants',
  }),
  create: route({
    method: 'PUT',
    path: '/api/adherentsCorrespondant/detail',
    access: CORRESPONDANTS,
    body: participantCreate,
    replies: { 200: participantCreatedReply, ...refusals },
    tag: 'participants',
    summary: 'Creates a participant and mails them an account activation link',
  }),
  update: route({
    method: 'POST',
    path: '/api/adherentsCorrespondant/detail',
    access: CORRESPONDANTS,
    body: participantUpdate,
    replies: { 200: messagesReply, ...refusals },
    tag: 'participants',
  }),
  terminate: route({
    method: 'POST',
    path: '/api/adherents/:id/resilier',
    access: CORRESPONDANTS,
    ids: participantId,
    params: idParam,
    body: terminateBody,
    replies: { 200: messagesReply, ...refusals },
    tag: 'participants',
  }),
  /** Issue 22 (docs/participants.md#bulk-actions): each selected participant checked with the terminate rules. */
  terminateSelection: route({
    method: 'POST',
    path: '/api/adherentsCorrespondant/resilier',
    access: CORRESPONDANTS,
    body: terminateSelectionBody,
    replies: { 200: terminateSelectionReply, 400: errorReply, 409: errorReply },
    tag: 'participants',
    summary:
      'Terminates the selected participants (ids or the list filter) with one reason; lists those refused and why',
  }),
  exportSelection: route({
    method: 'POST',
    path: '/api/excel-adherents',
    access: CORRESPONDANTS,
    body: participantExportBody,
    replies: { 400: errorReply },
    file: { status: 200, types: [XLSX_MIME] },
    tag: 'participants',
    summary: 'The selected participants (ids or the list filter) as an .xlsx workbook, in the list order',
  }),
  readmit: route({
    method: 'POST',
    path: '/api/adherents/:id/adherer',
    access: CORRESPONDANTS,
    ids: participantId,
    params: idParam,
    replies: { 200: messagesReply, ...refusals },
    tag: 'participants',
  }),
  transfer: route({
    method: 'POST',
    path: '/api/adherents/:id/muter',
    access: CORRESPONDANTS,
    ids: participantId,
    params: idParam,
    body: transferBody,
    replies: { 200: messagesReply, ...refusals },
    tag: 'participants',
  }),
  establishment: route({
    method: 'GET',
    path: '/api/etablissement-participant/:id',
    access: READERS,
    ids: participantId,
    params: idParam,
    replies: { 200: participantEstablishment, 404: errorReply },
    tag: 'participants',
  }),
  correspondantEstablishments: route({
    method: 'GET',
    path: '/api/etablissements-correspondant',
    access: CORRESPONDANTS,
    replies: { 200: correspondantEstablishmentsReply },
    tag: 'participants',
  }),
  destinations: route({
    method: 'GET',
    path: '/api/etablissements-mutation',
    access: CORRESPONDANTS,
    query: destinationQuery,
    replies: { 200: destinationsReply, 400: errorReply },
    tag: 'participants',
    summary: 'Transfer destinations: open establishments of the centre, by company or establishment name',
  }),
  /** GET participant/mescoordonnees (docs/personal-details.md#administrators, docs/participants.md#api): the caller's own participant record, read-only. */
  ownDetails: route({
    method: 'GET',
    path: '/api/participant/mescoordonnees',
    access: ['ROLE_ADMIN', 'ROLE_PARTICIPANT'],
    replies: { 200: participant, 404: errorReply },
    tag: 'participants',
  }),
} satisfies Record<string, ApiRoute>;

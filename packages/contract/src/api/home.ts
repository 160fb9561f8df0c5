import { errorReply, messagesReply } from '../schemas/common';
import {
  homeDetail,
  homeDetailQuery,
  mammogramBody,
  mammogramReply,
  withdrawalConsentBody,
} from '../schemas/home';
import { type ApiRoute, route } from './route';

const PARTICIPANTS = ['ROLE_PARTICIPANT'] as const;
const refusals = { 400: errorReply, 403: errorReply, 409: errorReply };

/** The home screen's data and the participant's answers from its cards (docs/home.md). */
export const homeApi = {
  detail: route({
    method: 'GET',
    path: '/api/get-detail-accueil',
    access: ['ROLE_CORRESPONDANT', 'ROLE_PARTICIPANT'],
    query: homeDetailQuery,
    replies: { 200: homeDetail, 400: errorReply, 403: errorReply },
    tag: 'home',
  }),
  mammogram: route({
    method: 'GET',
    path: '/api/adherents/dateMammo',
    access: PARTICIPANTS,
    replies: { 200: mammogramReply, 403: errorReply },
    tag: 'home',
  }),
  recordMammogram: route({
    method: 'POST',
    path: '/api/adherents/dateMammo',
    access: PARTICIPANTS,
    body: mammogramBody,
    replies: { 200: messagesReply, ...refusals },
    tag: 'home',
    summary: 'Records the date of the last mammogram (not later than today at the centre)',
  }),
  withdrawalConsent: route({
    method: 'POST',
    path: '/api/adherents/accordDesistement',
    access: PARTICIPANTS,
    body: withdrawalConsentBody,
    replies: { 200: messagesReply, ...refusals },
    tag: 'home',
    summary:
      'Consent to be offered a slot freed by a withdrawal; only while a visit of the check-up in progress is ahead',
  }),
  reactivateRecord: route({
    method: 'POST',
    path: '/api/re-activate-dmc',
    access: PARTICIPANTS,
    replies: { 200: messagesReply, ...refusals },
    tag: 'home',
    summary: 'Accepts the online medical record again; every session reloads its principal',
  }),
  withdrawRecord: route({
    method: 'POST',
    path: '/api/withdraw-dmc',
    access: PARTICIPANTS,
    replies: { 200: messagesReply, ...refusals },
    tag: 'home',
    summary:
      'Withdraws the acceptance of the online medical record (it becomes refused); every session reloads its principal',
  }),
} satisfies Record<string, ApiRoute>;

import { errorReply } from '../schemas/common';
import { notificationPreferences, saveNotificationPreferences } from '../schemas/notifications';
import { type ApiRoute, route } from './route';

/** Participants and correspondants choose what they are told; the centre's staff receive no notification. */
const NOTIFIED = ['ROLE_CORRESPONDANT', 'ROLE_PARTICIPANT'] as const;

/** The notifications tab of the personal details (docs/notifications-and-delivery.md#preferences). */
export const notificationApi = {
  preferences: route({
    method: 'GET',
    path: '/api/user/notifications',
    access: NOTIFIED,
    replies: { 200: notificationPreferences },
    tag: 'account',
    summary: "The caller's notification choices, per kind and channel (defaults where none was made)",
  }),
  savePreferences: route({
    method: 'PUT',
    path: '/api/user/notifications',
    access: NOTIFIED,
    body: saveNotificationPreferences,
    replies: { 200: notificationPreferences, 400: errorReply },
    tag: 'account',
    summary: "Saves the caller's notification choices (only their own; a text message needs a mobile)",
  }),
} satisfies Record<string, ApiRoute>;

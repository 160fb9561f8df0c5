import { activityList, activityQuery } from '../schemas/activity';
import { errorReply } from '../schemas/common';
import { type ApiRoute, route } from './route';

/** "My activity" (docs/activity.md): a participant's own trail, and nobody else's. */
export const activityApi = {
  list: route({
    method: 'GET',
    path: '/api/participant/activite',
    access: ['ROLE_PARTICIPANT'],
    query: activityQuery,
    replies: { 200: activityList, 400: errorReply },
    tag: 'activity',
    summary: "Who accessed or changed the caller's record, newest first, by page and family of events",
  }),
} satisfies Record<string, ApiRoute>;

import { errorReply } from '../schemas/common';
import { ownSessionsReply, sessionParam, sessionsEndedReply } from '../schemas/sessions';
import { type ApiRoute, route } from './route';

/** Everyone signed in: participants, correspondants and the centre's staff (ADMIN implies OPERATOR). */
const SIGNED_IN = ['ROLE_OPERATOR', 'ROLE_CORRESPONDANT', 'ROLE_PARTICIPANT'] as const;

/**
 * The caller's own sessions (issue 23, docs/sign-in-and-sessions.md#your-sessions). A participant must
 * have confirmed the text-message code first: a password alone must not be enough to end the holder's
 * sessions.
 */
export const sessionApi = {
  list: route({
    method: 'GET',
    path: '/api/user/sessions',
    access: SIGNED_IN,
    replies: { 200: ownSessionsReply },
    tag: 'account',
    summary:
      "The caller's open sessions: the current one first and marked, then the others, most recently used first",
  }),
  end: route({
    method: 'DELETE',
    path: '/api/user/sessions/:id',
    access: SIGNED_IN,
    ids: { id: 'session' },
    params: sessionParam,
    replies: { 200: sessionsEndedReply, 400: errorReply, 404: errorReply, 409: errorReply },
    tag: 'account',
    summary:
      "Ends one of the caller's other sessions: its next request is refused and its refresh token dies",
  }),
  endOthers: route({
    method: 'POST',
    path: '/api/user/sessions/autres/fin',
    access: SIGNED_IN,
    replies: { 200: sessionsEndedReply },
    tag: 'account',
    summary: "Ends every session of the caller's but the current one",
  }),
} satisfies Record<string, ApiRoute>;

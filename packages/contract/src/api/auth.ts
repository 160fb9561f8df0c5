import { z } from 'zod';
import {
  changePasswordRequest,
  confirmCodeReply,
  confirmCodeRequest,
  oauthError,
  principalReply,
  principalRequest,
  resendCodeReply,
  tokenReply,
  tokenRequest,
} from '../schemas/auth';
import { errorReply, messagesReply } from '../schemas/common';
import { type ApiRoute, route } from './route';

const ALL = ['ROLE_ADMIN', 'ROLE_OPERATOR', 'ROLE_PARTICIPANT', 'ROLE_CORRESPONDANT'] as const;
/**
 * Who confirms a sign-in code: every role since issue 24 (participants and the centre's staff always;
 * a correspondant who enrolled a factor, or whom the centre requires one of).
 */
const CODE_HOLDERS = ALL;

/** Sign-in, the session and the password (docs/sign-in-and-sessions.md). */
export const authApi = {
  /** The OAuth token endpoint: client basic authentication, an OAuth form body, OAuth error replies. */
  token: route({
    method: 'POST',
    path: '/api/oauth/token',
    access: 'permit',
    body: tokenRequest,
    consumes: ['application/x-www-form-urlencoded'],
    replies: { 200: tokenReply, 400: oauthError, 401: oauthError, 429: oauthError, 503: oauthError },
    tag: 'auth',
    summary: 'Password or refresh-token grant (form body, client basic authentication)',
  }),
  principal: route({
    method: 'POST',
    path: '/api/oauth/principal',
    access: ALL,
    allowUnconfirmed: true,
    body: principalRequest.optional(),
    replies: { 200: principalReply, 401: errorReply },
    tag: 'auth',
  }),
  logout: route({
    method: 'POST',
    path: '/api/oauth/logout',
    access: ALL,
    allowUnconfirmed: true,
    replies: { 204: z.null() },
    tag: 'auth',
  }),
  /**
   * Keeps an active reader's session: the browser calls it while the person reads or types without any
   * other server call. The guard has already refused an idle or ended session and recorded the call.
   */
  keepAlive: route({
    method: 'POST',
    path: '/api/oauth/keepalive',
    access: ALL,
    replies: { 204: z.null(), 401: errorReply },
    tag: 'auth',
  }),
  confirmCode: route({
    method: 'POST',
    path: '/api/oauth/doubleAuthentification/confirmer-code',
    access: CODE_HOLDERS,
    allowUnconfirmed: true,
    body: confirmCodeRequest,
    replies: { 200: confirmCodeReply, 400: errorReply, 429: errorReply },
    tag: 'auth',
  }),
  resendCode: route({
    method: 'POST',
    path: '/api/oauth/doubleAuthentification/renvoyer-code',
    access: CODE_HOLDERS,
    allowUnconfirmed: true,
    replies: { 200: resendCodeReply, 429: errorReply },
    tag: 'auth',
  }),
  changePassword: route({
    method: 'POST',
    path: '/api/oauth/changePassword',
    access: ALL,
    body: changePasswordRequest,
    replies: { 200: messagesReply, 400: errorReply, 403: errorReply },
    tag: 'auth',
  }),
} satisfies Record<string, ApiRoute>;

import { confirmCodeReply, oauthError, tokenReply } from '../schemas/auth';
import { errorReply } from '../schemas/common';
import {
  authenticationOptionsReply,
  passkeyAssertionRequest,
  passkeyChangeReply,
  passkeyEnrolRequest,
  passkeyOptionsRequest,
  passkeyParam,
  passkeyRemoveRequest,
  passkeyRenameRequest,
  registrationOptionsReply,
} from '../schemas/passkeys';
import { type ApiRoute, route } from './route';

const ALL = ['ROLE_ADMIN', 'ROLE_OPERATOR', 'ROLE_PARTICIPANT', 'ROLE_CORRESPONDANT'] as const;

/**
 * Passkeys (WebAuthn, issue 24, docs/second-factors.md#passkeys): enrolment, renaming and removal from
 * the "Sécurité" tab, the sign-in's second step, and sign-in with a passkey alone.
 */
export const passkeyApi = {
  enrolOptions: route({
    method: 'POST',
    path: '/api/user/facteurs/cles/options',
    access: ALL,
    // A session that has not passed its second step may enrol only when it has no way through (the
    // service refuses the others, 403 auth.confirmationRequired).
    allowUnconfirmed: true,
    body: passkeyOptionsRequest,
    replies: { 200: registrationOptionsReply, 400: errorReply, 403: errorReply },
    tag: 'account',
    summary: 'Starts adding a passkey (current password): the WebAuthn creation options and their challenge',
  }),
  enrol: route({
    method: 'POST',
    path: '/api/user/facteurs/cles',
    access: ALL,
    allowUnconfirmed: true,
    body: passkeyEnrolRequest,
    replies: { 200: passkeyChangeReply, 400: errorReply, 403: errorReply, 409: errorReply },
    tag: 'account',
    summary: "Adds a passkey from the browser's answer to the creation options",
  }),
  rename: route({
    method: 'PUT',
    path: '/api/user/facteurs/cles/:id',
    access: ALL,
    ids: { id: 'passkey' },
    params: passkeyParam,
    body: passkeyRenameRequest,
    replies: { 200: passkeyChangeReply, 400: errorReply, 404: errorReply },
    tag: 'account',
    summary: "Renames one of the caller's passkeys",
  }),
  remove: route({
    method: 'POST',
    path: '/api/user/facteurs/cles/:id/suppression',
    access: ALL,
    ids: { id: 'passkey' },
    params: passkeyParam,
    body: passkeyRemoveRequest,
    replies: { 200: passkeyChangeReply, 400: errorReply, 403: errorReply, 404: errorReply, 409: errorReply },
    tag: 'account',
    summary: "Removes one of the caller's passkeys (current password); never the last way through",
  }),
  secondStepOptions: route({
    method: 'POST',
    path: '/api/oauth/doubleAuthentification/cle/options',
    access: ALL,
    allowUnconfirmed: true,
    replies: { 200: authenticationOptionsReply, 409: errorReply },
    tag: 'auth',
    summary: "The second step by passkey: request options naming the account's passkeys",
  }),
  secondStep: route({
    method: 'POST',
    path: '/api/oauth/doubleAuthentification/cle',
    access: ALL,
    allowUnconfirmed: true,
    body: passkeyAssertionRequest,
    replies: { 200: confirmCodeReply, 400: errorReply, 409: errorReply },
    tag: 'auth',
    summary: "Passes the second step with a passkey's assertion; three refused ones end the session",
  }),
  signInOptions: route({
    method: 'POST',
    path: '/api/oauth/cle/options',
    access: 'permit',
    replies: { 200: authenticationOptionsReply, 429: errorReply },
    tag: 'auth',
    summary: 'Sign-in with a passkey alone: request options for a discoverable passkey',
  }),
  signIn: route({
    method: 'POST',
    path: '/api/oauth/cle',
    access: 'permit',
    body: passkeyAssertionRequest,
    replies: { 200: tokenReply, 400: oauthError, 429: oauthError },
    tag: 'auth',
    summary:
      "Signs in with a passkey's assertion: the password grant's tokens, the session already confirmed",
  }),
} satisfies Record<string, ApiRoute>;

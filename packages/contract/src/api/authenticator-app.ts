import { confirmCodeReply } from '../schemas/auth';
import {
  appConfirmRequest,
  appOptionsReply,
  appOptionsRequest,
  appStepRequest,
  passwordOnlyRequest,
  recoveryCodesReply,
  recoveryStepRequest,
} from '../schemas/authenticator-app';
import { errorReply, messagesReply } from '../schemas/common';
import { type ApiRoute, route } from './route';

const ALL = ['ROLE_ADMIN', 'ROLE_OPERATOR', 'ROLE_PARTICIPANT', 'ROLE_CORRESPONDANT'] as const;

/**
 * The authenticator app (TOTP, RFC 6238) and its recovery codes (issue 24,
 * docs/second-factors.md#authenticator-app): enrolment, removal and renewal of the codes in the
 * "Sécurité" tab, with the current password; an app code or a recovery code at the sign-in's second
 * step, three wrong ones ending the session.
 */
export const authenticatorAppApi = {
  appOptions: route({
    method: 'POST',
    path: '/api/user/facteurs/application/options',
    access: ALL,
    allowUnconfirmed: true,
    body: appOptionsRequest,
    replies: { 200: appOptionsReply, 400: errorReply, 403: errorReply, 409: errorReply },
    tag: 'account',
    summary:
      'Starts adding an authenticator app: a new secret, its otpauth URI and QR code (replaces one not yet confirmed)',
  }),
  appConfirm: route({
    method: 'POST',
    path: '/api/user/facteurs/application',
    access: ALL,
    allowUnconfirmed: true,
    body: appConfirmRequest,
    replies: { 200: recoveryCodesReply, 400: errorReply, 403: errorReply, 409: errorReply },
    tag: 'account',
    summary: 'Confirms the app with its first code; answers the ten recovery codes, shown once',
  }),
  appRemove: route({
    method: 'POST',
    path: '/api/user/facteurs/application/suppression',
    access: ALL,
    body: passwordOnlyRequest,
    replies: { 200: messagesReply, 400: errorReply, 403: errorReply, 409: errorReply },
    tag: 'account',
    summary: 'Removes the authenticator app and its recovery codes, with the current password',
  }),
  recoveryRenew: route({
    method: 'POST',
    path: '/api/user/facteurs/secours',
    access: ALL,
    body: passwordOnlyRequest,
    replies: { 200: recoveryCodesReply, 400: errorReply, 403: errorReply, 409: errorReply },
    tag: 'account',
    summary: 'Ten new recovery codes, shown once; the former ones no longer work',
  }),
  appStep: route({
    method: 'POST',
    path: '/api/oauth/doubleAuthentification/application',
    access: ALL,
    allowUnconfirmed: true,
    body: appStepRequest,
    replies: { 200: confirmCodeReply, 400: errorReply, 409: errorReply, 429: errorReply },
    tag: 'auth',
    summary: "Passes the session's second step with a code of the authenticator app",
  }),
  recoveryStep: route({
    method: 'POST',
    path: '/api/oauth/doubleAuthentification/secours',
    access: ALL,
    allowUnconfirmed: true,
    body: recoveryStepRequest,
    replies: { 200: confirmCodeReply, 400: errorReply, 409: errorReply, 429: errorReply },
    tag: 'auth',
    summary: "Passes the session's second step with a recovery code, which then no longer works",
  }),
} satisfies Record<string, ApiRoute>;

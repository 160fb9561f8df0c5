import { errorReply, messagesReply } from '../schemas/common';
import {
  forgotLoginBody,
  newPasswordBody,
  questionByMailQuery,
  questionByPhoneBody,
  recoveryQuestionReply,
  resetPasswordBody,
  tokenQuery,
  tokenValidReply,
} from '../schemas/recovery';
import { type ApiRoute, route } from './route';

const OPEN = 'permit';
const TAG = 'recovery';
const refusals = { 400: errorReply, 429: errorReply };

/**
 * Account recovery (docs/recovery.md#forgot-password Forgot password, Forgot identifier, Reset-password link screen; docs/recovery.md#reset-link). Every
 * route is open and none tells whether an account exists.
 */
export const recoveryApi = {
  questionByMail: route({
    method: 'POST',
    path: '/api/resetPassword/user/mail',
    access: OPEN,
    query: questionByMailQuery,
    replies: { 200: recoveryQuestionReply, ...refusals },
    tag: TAG,
    summary: 'The secret question of the account an e-mail names (a plausible one for any other)',
  }),
  answerByMail: route({
    method: 'POST',
    path: '/api/resetPassword',
    access: OPEN,
    body: resetPasswordBody,
    replies: { 200: messagesReply, ...refusals, 409: errorReply },
    tag: TAG,
    summary: 'Answers the secret question; a right answer mails a reset link',
  }),
  questionByPhone: route({
    method: 'POST',
    path: '/api/resetPassword/user/phone',
    access: OPEN,
    body: questionByPhoneBody,
    replies: { 200: recoveryQuestionReply, ...refusals },
    tag: TAG,
    summary: 'The secret question of the participant a mobile and birth date name',
  }),
  answerByPhone: route({
    method: 'POST',
    path: '/api/forgotLogin',
    access: OPEN,
    body: forgotLoginBody,
    replies: { 200: messagesReply, ...refusals, 409: errorReply },
    tag: TAG,
    summary: 'Answers the secret question; a right answer sends the identifier by SMS',
  }),
  passwordLinkValid: route({
    method: 'POST',
    path: '/api/resetPassword/token',
    access: OPEN,
    query: tokenQuery,
    replies: { 200: tokenValidReply, ...refusals },
    tag: TAG,
    summary: 'Whether a reset or change-password link may still be used',
  }),
  /** Change mode of the link screen (`/user/changePassword`). */
  savePassword: route({
    method: 'POST',
    path: '/api/savePassword',
    access: OPEN,
    body: newPasswordBody,
    replies: { 200: messagesReply, 400: errorReply, 409: errorReply },
    tag: TAG,
    summary: 'Sets a new password from a change-password link',
  }),
  /** Reinit mode of the link screen (`/user/reinitpassword`). */
  reinitPassword: route({
    method: 'POST',
    path: '/api/reinitpassword',
    access: OPEN,
    body: newPasswordBody,
    replies: { 200: messagesReply, 400: errorReply, 409: errorReply },
    tag: TAG,
    summary: 'Sets a new password from a reset link',
  }),
} satisfies Record<string, ApiRoute>;

import { secretQuestionsReply } from '../schemas/account';
import { errorReply } from '../schemas/common';
import {
  connectionDataBody,
  identityBody,
  identityResult,
  otpCheckBody,
  otpSentReply,
  registrationForm,
  registrationProofHeaders,
  registrationResult,
  registrationState,
  registrationTokenQuery,
  resendReply,
} from '../schemas/registration';
import { type ApiRoute, route } from './route';

const OPEN = 'permit';
const TAG = 'registration';

/**
 * Registration by link (docs/activation.md#participant-steps, docs/activation.md#code-by-text): open calls, each naming its link by `?token=`; a participant's
 * calls after the identity check also carry the proof it gave their browser (`x-registration-proof`).
 */
export const registrationApi = {
  state: route({
    method: 'POST',
    path: '/api/registration/token',
    access: OPEN,
    query: registrationTokenQuery,
    headers: registrationProofHeaders,
    replies: { 200: registrationState, 400: errorReply },
    tag: TAG,
    summary: "The link's state (not found, found but expired, valid) and what the steps show",
  }),
  identity: route({
    method: 'POST',
    path: '/api/registration/identite',
    access: OPEN,
    query: registrationTokenQuery,
    body: identityBody,
    replies: { 200: identityResult, 400: errorReply, 429: errorReply },
    tag: TAG,
    summary:
      "A participant's birth date and the activation code the centre gave them (tries limited per account and address)",
  }),
  sendCode: route({
    method: 'POST',
    path: '/api/registration/otp',
    access: OPEN,
    query: registrationTokenQuery,
    headers: registrationProofHeaders,
    replies: { 200: otpSentReply, 400: errorReply, 429: errorReply },
    tag: TAG,
    summary: 'Sends a code by text message to the mobile on file; answers it masked, or empty',
  }),
  checkCode: route({
    method: 'PUT',
    path: '/api/registration/otp',
    access: OPEN,
    query: registrationTokenQuery,
    headers: registrationProofHeaders,
    body: otpCheckBody,
    replies: { 200: registrationResult, 400: errorReply },
    tag: TAG,
    summary: 'Checks the code (three tries)',
  }),
  secretQuestions: route({
    method: 'GET',
    path: '/api/registration/listeQuestion',
    access: OPEN,
    query: registrationTokenQuery.partial(),
    replies: { 200: secretQuestionsReply, 400: errorReply },
    tag: TAG,
    summary: 'The secret questions offered',
  }),
  checkConnectionData: route({
    method: 'POST',
    path: '/api/registration/validerDonnesConnexion',
    access: OPEN,
    query: registrationTokenQuery,
    headers: registrationProofHeaders,
    body: connectionDataBody,
    replies: { 200: registrationResult, 400: errorReply },
    tag: TAG,
    summary: "Checks the participant's personal mobile and e-mail (writes nothing)",
  }),
  confirm: route({
    method: 'POST',
    path: '/api/registration/confirmation',
    access: OPEN,
    query: registrationTokenQuery,
    headers: registrationProofHeaders,
    body: registrationForm,
    replies: { 200: registrationResult, 400: errorReply },
    tag: TAG,
    summary: 'Sets the password and secret question, records the consent and activates the account',
  }),
  resendLink: route({
    method: 'POST',
    path: '/api/registration/resend',
    access: OPEN,
    query: registrationTokenQuery,
    replies: { 200: resendReply, 400: errorReply, 429: errorReply },
    tag: TAG,
    summary: 'Mails a new link in place of an expired one',
  }),
} satisfies Record<string, ApiRoute>;

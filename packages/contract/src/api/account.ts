import {
  addressQuery,
  contactForm,
  correspondantAddress,
  saveAddressBody,
  secretAnswerBody,
  secretQuestionsReply,
  userAccount,
} from '../schemas/account';
import { errorReply, messagesReply } from '../schemas/common';
import {
  contactCancelBody,
  contactChangeReply,
  contactChannelBody,
  contactCodeBody,
} from '../schemas/contact-change';
import { type ApiRoute, route } from './route';

const ACCOUNT_HOLDERS = ['ROLE_ADMIN', 'ROLE_CORRESPONDANT', 'ROLE_PARTICIPANT'] as const;
const CORRESPONDANTS = ['ROLE_CORRESPONDANT'] as const;

/** The personal details page (docs/personal-details.md#tabs, docs/personal-details.md#address): account and contact, establishment address, secret question. */
export const accountApi = {
  user: route({
    method: 'GET',
    path: '/api/user',
    access: ACCOUNT_HOLDERS,
    replies: { 200: userAccount, 404: errorReply },
    tag: 'account',
  }),
  saveContact: route({
    method: 'POST',
    path: '/api/user',
    access: ACCOUNT_HOLDERS,
    body: contactForm,
    replies: { 200: contactChangeReply, 400: errorReply, 403: errorReply, 404: errorReply },
    tag: 'account',
    summary:
      'Asks, behind the current password, for a new contact e-mail or mobile: a code goes to each new value',
  }),
  confirmContact: route({
    method: 'POST',
    path: '/api/user/contact/confirmation',
    access: ACCOUNT_HOLDERS,
    body: contactCodeBody,
    replies: { 200: contactChangeReply, 400: errorReply, 404: errorReply, 409: errorReply },
    tag: 'account',
    summary: 'Confirms a new e-mail or mobile with the code sent to it; the other sessions end',
  }),
  resendContactCode: route({
    method: 'POST',
    path: '/api/user/contact/resend',
    access: ACCOUNT_HOLDERS,
    body: contactChannelBody,
    replies: { 200: contactChangeReply, 400: errorReply, 409: errorReply, 429: errorReply },
    tag: 'account',
    summary: 'Sends the code of a waiting e-mail or mobile again (once a minute at most)',
  }),
  cancelContactChange: route({
    method: 'POST',
    path: '/api/user/contact/cancel',
    access: ACCOUNT_HOLDERS,
    body: contactCancelBody,
    replies: { 200: contactChangeReply, 400: errorReply },
    tag: 'account',
    summary: 'Drops the waiting e-mail or mobile (canal TOUS: both); the stored contact stays',
  }),
  address: route({
    method: 'GET',
    path: '/api/adresse',
    access: CORRESPONDANTS,
    query: addressQuery,
    replies: { 200: correspondantAddress, 400: errorReply, 404: errorReply },
    tag: 'account',
    summary: "The address record of the caller's establishment, or of one of their scope",
  }),
  saveAddress: route({
    method: 'POST',
    path: '/api/adresse',
    access: CORRESPONDANTS,
    body: saveAddressBody,
    replies: { 200: messagesReply, 400: errorReply, 403: errorReply, 404: errorReply, 409: errorReply },
    tag: 'account',
  }),
  secretQuestions: route({
    method: 'GET',
    path: '/api/listeQuestion',
    access: ACCOUNT_HOLDERS,
    replies: { 200: secretQuestionsReply },
    tag: 'account',
  }),
  saveSecretQuestion: route({
    method: 'POST',
    path: '/api/user/question',
    access: ACCOUNT_HOLDERS,
    body: secretAnswerBody,
    replies: { 200: messagesReply, 400: errorReply, 403: errorReply, 404: errorReply },
    tag: 'account',
  }),
} satisfies Record<string, ApiRoute>;
